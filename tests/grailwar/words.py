"""The log in words for the engine tests: ``text(entry, lang)`` renders one entry with the
shipped strings (``grailwar.rules.logtext.render`` with ``tabletop.ui.i18n`` as ``t``)."""
from grailwar.rules.logtext import render
from tabletop.ui.i18n import Strings

_T = {}


def t_for(lang):
    if lang not in _T:
        _T[lang] = Strings(lang).t
    return _T[lang]


def text(entry, lang="en", ascii_only=False):
    return render(entry, t_for(lang), lang, ascii_only)


def lines(state, viewer=None, lang="en"):
    """Every log line ``viewer`` may read (None: the public view, or everything after the war)."""
    return [text(e, lang) for e in state.view_for(viewer)["log"]]
