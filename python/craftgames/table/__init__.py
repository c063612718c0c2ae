"""The table-side command line, generic over the games.

Each game supplies its board and words (`presentation`); the loop, commands, undo, event log,
saving and replaying are shared: `session` plays a game at the terminal, `menu` fits a long
option list to the screen, `undo` decides what can be taken back, `events` writes the log
lines, and `replayer` prints a saved game as a seat or a spectator saw it.
"""
