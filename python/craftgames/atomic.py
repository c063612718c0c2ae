"""Writing files so that a kill at any moment leaves either the old file or the new one.

Every file the package writes goes through here: replays (``Replay.save``, ``play --save``
and ``play --resume``), campaign records (``sorcery.save_campaign``) and the arena's
``--out``.

* `write_text` (and `write_bytes`) replaces a whole file: the text goes to a temporary file
  in the same folder, is flushed and fsynced, then renamed over the target (a rename within
  one file system is atomic), and the folder is fsynced so the rename itself survives a
  power cut.
* `LineAppender` grows a JSON Lines file one complete line at a time, each flushed and
  fsynced, so a killed arena keeps every game it finished.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from types import TracebackType

__all__ = ["LineAppender", "complete_lines", "write_bytes", "write_text"]


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replaces the file at `path` with `text` (UTF-8) atomically; raises `OSError`.

    If anything fails (or the process dies) before the rename, the old file is untouched and
    the temporary file is removed (a process killed mid-write leaves a ``.*.tmp`` beside it,
    never a damaged target).
    """
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replaces the file at `path` with `data` atomically (as `write_text`); raises `OSError`."""
    target = Path(path)
    folder = target.parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(folder)


def _mode_for(target: Path) -> int:
    """The permissions the new file gets: the old file's, else what `open` would give."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    """Makes a rename in `folder` durable (where the platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # e.g. Windows, where a folder cannot be opened; the rename still happened
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def complete_lines(path: str | os.PathLike[str]) -> list[str]:
    """The complete (newline-ended) lines of `path`, dropping a last line cut by a kill, and
    truncating the file to them so appends start on a fresh line; `[]` if it does not exist."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            end = data.rfind(b"\n") + 1
            if end != len(data):
                f.truncate(end)
                f.flush()
                os.fsync(f.fileno())
    except FileNotFoundError:
        return []
    return data[:end].decode("utf-8").splitlines()


class LineAppender:
    """Appends lines to a file, each flushed and fsynced before `append` returns.

    ``with LineAppender(path) as out: out.append(line)``; `fresh` empties the file first
    (atomically, through `write_text`), otherwise lines go after what is there.
    """

    def __init__(self, path: str | os.PathLike[str], *, fresh: bool = False) -> None:
        if fresh:
            write_text(path, "")
        self._file = open(path, "a", encoding="utf-8", newline="")  # noqa: SIM115

    def append(self, line: str) -> None:
        """Writes `line` and a newline, and waits until they are on disk."""
        if "\n" in line:
            raise ValueError("a JSON Lines record must be a single line")
        self._file.write(line + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> LineAppender:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
