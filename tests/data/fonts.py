"""A tiny real TrueType font for tests (fontTools' FontBuilder): mods' fonts are read whole
by fontTools, so a file with only a font header is refused."""
import functools
import io

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


@functools.lru_cache(maxsize=1)
def tiny_font() -> bytes:
    fb = FontBuilder(1000, isTTF=True)
    names = [".notdef", "A"]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord("A"): "A"})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        pen.moveTo((100, 0)); pen.lineTo((500, 700)); pen.lineTo((900, 0)); pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (1000, 100) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()
