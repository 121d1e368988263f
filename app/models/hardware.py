"""What the machine offers the local model: physical cores, RAM, this process's RSS.

Why not os.cpu_count(): llama.cpp gains nothing from a core's second hardware
thread, and half the logical CPUs is wrong on machines without SMT (on this
2-core machine 1 thread gave 38 prompt tok/s, 2 threads 76). No psutil: the
few figures needed are read from the OS directly; None when unknown.
"""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path


def _usable_cpus() -> int:
    if sys.platform != "win32" and sys.platform != "darwin":  # where os has sched_getaffinity
        try:
            return len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            pass
    return os.cpu_count() or 1


def _linux_cores(cpuinfo: str) -> int | None:
    """Distinct (physical id, core id) pairs in /proc/cpuinfo; None when the file does not list them."""
    cores: set[tuple[str, str]] = set()
    phys = core = ""
    for line in cpuinfo.splitlines() + [""]:
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            phys = value.strip()
        elif key == "core id":
            core = value.strip()
        elif not line.strip():
            if core:
                cores.add((phys, core))
            phys = core = ""
    return len(cores) or None


def _sysctl(name: str) -> int | None:
    try:
        out = subprocess.run(["sysctl", "-n", name], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def _windows_cores() -> int | None:
    """Count RelationProcessorCore entries of GetLogicalProcessorInformation."""
    try:
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        entry = 32 if ctypes.sizeof(ctypes.c_void_p) == 8 else 24
        size = ctypes.c_ulong(0)
        kernel32.GetLogicalProcessorInformation(None, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        if not kernel32.GetLogicalProcessorInformation(buf, ctypes.byref(size)):
            return None
        ptr = ctypes.sizeof(ctypes.c_void_p)
        rel = [int.from_bytes(buf.raw[i + ptr:i + ptr + 4], "little") for i in range(0, size.value, entry)]
        return sum(1 for r in rel if r == 0) or None
    except (AttributeError, OSError):
        return None


def physical_cores() -> int:
    """Physical cores this process may use (never more than the CPUs it is allowed to run on)."""
    found: int | None = None
    if sys.platform.startswith("linux"):
        try:
            found = _linux_cores(Path("/proc/cpuinfo").read_text(errors="replace"))
        except OSError:
            found = None
    elif sys.platform == "darwin":
        found = _sysctl("hw.physicalcpu")
    elif sys.platform == "win32":
        found = _windows_cores()
    usable = _usable_cpus()
    if not found:
        return max(1, usable // 2) if usable > 2 else usable
    return max(1, min(found, usable))


def _meminfo() -> dict[str, int]:
    out: dict[str, int] = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            key, _, rest = line.partition(":")
            parts = rest.split()
            if parts and parts[0].isdigit():
                out[key] = int(parts[0]) * (1024 if parts[1:2] == ["kB"] else 1)
    except OSError:
        pass
    return out


class _MemStatus(ctypes.Structure):
    _fields_ = [("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
                ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
                ("ullTotalPageFile", ctypes.c_ulonglong), ("ullAvailPageFile", ctypes.c_ulonglong),
                ("ullTotalVirtual", ctypes.c_ulonglong), ("ullAvailVirtual", ctypes.c_ulonglong),
                ("ullAvailExtendedVirtual", ctypes.c_ulonglong)]


def _windows_memory() -> tuple[int, int] | None:
    try:
        st = _MemStatus()
        st.dwLength = ctypes.sizeof(_MemStatus)
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(st)):  # type: ignore[attr-defined]
            return int(st.ullTotalPhys), int(st.ullAvailPhys)
    except (AttributeError, OSError):
        pass
    return None


def ram_total() -> int | None:
    """Bytes of physical RAM."""
    if sys.platform == "win32":
        mem = _windows_memory()
        return mem[0] if mem else None
    if sys.platform.startswith("linux"):
        total = _meminfo().get("MemTotal")
        if total:
            return total
    if sys.platform == "darwin":
        return _sysctl("hw.memsize")
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return None


def ram_available() -> int | None:
    """Bytes the OS could give a new allocation without swapping (None where the OS does not say)."""
    if sys.platform == "win32":
        mem = _windows_memory()
        return mem[1] if mem else None
    if sys.platform.startswith("linux"):
        return _meminfo().get("MemAvailable")
    return None


def rss() -> int | None:
    """Resident set size of this process in bytes (Linux; None elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def gb(n: int | None) -> str:
    return "?" if n is None else f"{n / 1e9:.1f} GB"
