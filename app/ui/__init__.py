"""The desktop app (PySide6): the only package that imports Qt.

tray + quick-query popup + chat window + memory view, around an EngineWorker
on a QThread. Entry points: `app.ui.launch.run_app()` (`metnos`, `metnos app`)
and `app.ui.single_instance.forward()` (`metnos --toggle|--show|--ask`).
"""
