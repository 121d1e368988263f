; Metnos Desk — Windows installer (Inno Setup 6).
;
; Build on Windows, from the repository root:
;   .venv\Scripts\pip install -e .[package]
;   .venv\Scripts\metnos models install
;   .venv\Scripts\pyinstaller --noconfirm build.spec          (-> dist\metnos\)
;   "C:\Program Files (x86)\Inno Setup 6\ISCC.exe" /DAppVersion=0.1.0 installer\windows\metnos.iss
;                                                              (-> dist\MetnosDesk-<version>-setup.exe)
; Pass /DAppVersion=x.y.z to override the version (defaults to 0.1.0; keep it equal to pyproject.toml).
;
; Per-user install (no administrator rights): the app goes to %LOCALAPPDATA%\Programs\Metnos Desk.
; User data lives in %LOCALAPPDATA%\metnos (config, databases, cache) and is kept on
; uninstall unless the user ticks "also delete my data" in the uninstaller.
; Start at login uses the same HKCU Run value ("MetnosDesk") as the app's own setting
; (app/ui/autostart.py), so the two never disagree.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "Metnos Desk"
#define AppExe "metnos.exe"
#define AppCli "metnos-cli.exe"
#define BundleDir "..\..\dist\metnos"
#define RunValue "MetnosDesk"

[Setup]
AppId={{6F1C2B0E-5C55-4E0B-9D7A-2E7D3B8C4A91}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Metnos Desk contributors
VersionInfoVersion={#AppVersion}
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=MetnosDesk-{#AppVersion}-setup
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
; the models are ~1.5 GB and barely compress; lzma2 "fast" keeps the build short
Compression=lzma2/fast
SolidCompression=no
WizardStyle=modern
; Apache-2.0 (app and Qwen model) + the Gemma Terms of Use notice (full texts are installed beside the models)
LicenseFile=LICENSE.txt
CloseApplications=yes
RestartApplications=no

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "it"; MessagesFile: "compiler:Languages\Italian.isl"

[CustomMessages]
en.StartAtLogin=Start {#AppName} when I sign in
it.StartAtLogin=Avvia {#AppName} all'accesso
en.DesktopIcon=Create a desktop shortcut
it.DesktopIcon=Crea un collegamento sul desktop
en.DeleteData=Also delete my {#AppName} data (settings, history, learned requests, memory) in %1?
it.DeleteData=Eliminare anche i dati di {#AppName} (impostazioni, cronologia, richieste apprese, memoria) in %1?
en.LaunchNow=Start {#AppName} now
it.LaunchNow=Avvia {#AppName} ora

[Tasks]
Name: "autostart"; Description: "{cm:StartAtLogin}"; Flags: unchecked
Name: "desktopicon"; Description: "{cm:DesktopIcon}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{userprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{userdesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Registry]
; Start at login (only when the task is ticked). The app's own toggle writes the same value.
Root: HKCU; Subkey: "Software\Microsoft\Windows\CurrentVersion\Run"; ValueType: string; ValueName: "{#RunValue}"; ValueData: """{app}\{#AppExe}"""; Tasks: autostart; Flags: uninsdeletevalue
; Removed on uninstall even when the user turned it on from the app.
Root: HKCU; Subkey: "Software\Microsoft\Windows\CurrentVersion\Run"; ValueName: "{#RunValue}"; ValueType: none; Flags: uninsdeletevalue dontcreatekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchNow}"; Flags: nowait postinstall skipifsilent

[UninstallRun]
; A running copy (tray app, no window to close) holds its files open: end it so they can go.
Filename: "{sys}\taskkill.exe"; Parameters: "/F /IM {#AppExe}"; Flags: runhidden; RunOnceId: "StopMetnos"

[UninstallDelete]
; Only what the installer put there (the program folder); user data is handled below, on request.
Type: filesandordirs; Name: "{app}\_internal"

[Code]
// User data lives outside the program folder (platformdirs: %LOCALAPPDATA%\metnos).
// It is kept unless the user explicitly says yes; a silent uninstall always keeps it.
function UserDataDir(): String;
begin
  Result := ExpandConstant('{localappdata}\metnos');
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Dir: String;
begin
  if CurUninstallStep = usPostUninstall then
  begin
    Dir := UserDataDir();
    if DirExists(Dir) and not UninstallSilent() then
    begin
      if MsgBox(FmtMessage(CustomMessage('DeleteData'), [Dir]), mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES then
        DelTree(Dir, True, True, True);
    end;
  end;
end;
