"""Holy Grail War: the pure rules engine lives in ``grailwar.rules``; the screens in ``grailwar.ui``."""
