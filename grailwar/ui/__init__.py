"""Holy Grail War play screen (map, mana bars, dice tray, battle view, comm dialogs,
hand-off screen, end screen). Draws only from ``state.view_for(viewer)``."""
