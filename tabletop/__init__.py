"""What both games share: engine kit, data loading and mods, UI shell, command line."""
