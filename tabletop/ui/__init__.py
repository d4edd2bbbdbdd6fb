"""The table shell: the App (window, logical 1920×1080 layout, fixed-step loop, scene
stack, intents, dialogs, toasts, F3 overlay), the launcher and its set-up screens, the
pause menu, fonts, strings, key bindings and assets. Contract with the game screens:
``app.py``'s docstring. Modules: app, present (scaling the frame to the window), dialog,
scene, launcher, menus, widgets, input, i18n, fonts, assets, prefs, cache, bench_scenes."""
