"""The teaching mode's lesson panel: the lesson text, the task, the gentle feedback of a
refusal, hints and the narrated bot moves, wrapped by :func:`tabletop.linebreak.wrap` (English
between words, Japanese between phrases, with kinsoku). Drawn into a surface the scene caches."""
from __future__ import annotations

import re

import pygame

from tabletop.linebreak import wrap
from tabletop.ui.present import display_surface

from . import render as R
from . import view as V

PANEL_LESSON = pygame.Rect(1240, 316, 672, 756)
PANEL_FREE = pygame.Rect(1240, 316, 672, 378)
PANEL_BG = (24, 30, 40)
PANEL_EDGE = (217, 164, 65)
INK = (240, 232, 214)
DIM = (170, 166, 150)
TASK_BG = (46, 40, 24)
GOOD_BG = (26, 58, 36)
GOOD_EDGE = (120, 210, 140)
WARN_BG = (70, 40, 26)
WARN_EDGE = (236, 150, 90)
BUTTON_H = 48
PAD = 22


class LessonPanel:
    def __init__(self, scene):
        self.scene = scene
        self.overflow = 0          # of the last lesson text drawn: pixels that did not fit (tests)

    def render(self, rect):
        """The panel for ``rect``; when the lesson's words do not fit even at the smallest size, the
        older bot moves above the buttons give way to them (the newest stays while it can)."""
        for keep in (None, 2, 1, 0):
            surf = self._render(rect, keep)
            if not self.overflow:
                break
        return surf

    def _render(self, rect, keep):
        self.overflow = 0
        sc = self.scene
        app, s, lang = sc.app, sc.session, sc.app.lang
        surf = display_surface(rect.size)        # in the window's format: no converted copy
        surf.fill(R.BG)                          # the table's background shows in the corners
        pygame.draw.rect(surf, PANEL_BG, surf.get_rect(), border_radius=16)
        pygame.draw.rect(surf, PANEL_EDGE, surf.get_rect(), 3, border_radius=16)
        width = rect.width - 2 * PAD
        y = PAD - 4
        bottom = (sc.buttons_top - rect.top - 12) if sc.buttons or sc.buttons_due else rect.height - 130
        # the last bot moves, one line each, just above the buttons (newest brightest)
        lines = list(sc.narrations)
        if s.free_play and sc.hint_lines is not None:
            lines = lines[-1:]
        if keep is not None:
            lines = lines[len(lines) - keep:] if keep else []
        waiting = sc.waiting_name()
        if waiting and not lines:
            lines = [app.t("teach.waiting", name=waiting)]
        for i, narr in enumerate(reversed(lines)):
            colour = (200, 220, 255) if i == 0 else (130, 145, 170)
            line = R.text_fit(app, ("▶ " if i == 0 else "   ") + narr, 20, colour, width)
            bottom -= line.get_height() + 2
            surf.blit(line, (PAD, bottom))
        if lines:
            bottom -= 10
        if s.free_play:
            title = app.t("teach.game_over") if s.state.is_terminal() else app.t("teach.free_title")
            y = self._blit_lines(surf, [title], 30, INK, width, y, bold=True)
            if sc.hint_lines is not None:
                return self._box(surf, sc.hint_lines, y + 6, bottom, width, GOOD_BG, GOOD_EDGE) or surf
            if sc.feedback:
                self._feedback_box(surf, y + 6, bottom, width)
                return surf
            self._blit_lines(surf, [app.t("teach.free_play")], 22, DIM, width, y + 8, limit=bottom)
            return surf
        lesson = s.lesson
        head = app.t("teach.lesson_of", n=s.lesson_index + 1, total=len(s.cur.lessons))
        if sc.demo_on:
            head += "  ·  " + app.t("teach.demo_title")
        y = self._blit_lines(surf, [head], 18, DIM, width, y)
        y = self._blit_lines(surf, [lesson.title.get(lang, lesson.title.get("en", ""))], 32, INK, width, y + 2,
                             bold=True)
        y += 10
        # bottom-up: feedback / task / praise boxes, then the text fills what is left
        boxes = []
        if sc.hint_lines is not None:
            boxes.append((sc.hint_lines, GOOD_BG, GOOD_EDGE))
        elif sc.feedback:
            boxes.append((self.feedback_lines(), WARN_BG, WARN_EDGE))
        if s.step is not None:
            boxes.append(([app.t("teach.task"), s.step.task.get(lang, "")], TASK_BG, PANEL_EDGE))
            if sc.shown:                     # "Show me" made the last step: say what it did
                boxes.append(([app.t("teach.text.shown", what=sc.shown)], GOOD_BG, GOOD_EDGE))
        elif lesson.steps:
            said = app.t("teach.text.shown_next", what=sc.shown) if sc.shown else app.t("teach.well_done")
            boxes.append(([said], GOOD_BG, GOOD_EDGE))
        for lines, bg, edge in boxes:
            h = self._box_height(lines, width)
            bottom -= h
            self._box(surf, lines, bottom, bottom + h, width, bg, edge)
            bottom -= 10
        read_on = None
        if not lesson.steps and sc.hint_lines is None and not sc.feedback:
            # the last lesson's button is "Play on", not "Next"
            last = s.is_last_lesson and not s.free_play
            read_on = R.text_fit(app, app.t("teach.play25.read_on_last" if last else "teach.read_on"), 18, DIM, width)
            bottom -= read_on.get_height() + 6       # the text ends above "Press Next when you are ready"
        text = lesson.text.get(lang, lesson.text.get("en", ""))
        for size in (23, 21, 19, 17):
            need = self._height(text, size, width)
            if y + need <= bottom:
                break
        self.overflow = max(0, y + need - bottom)    # pixels of the lesson's words that did not fit (0: all shown)
        self._blit_lines(surf, [text], size, INK, width, y, limit=bottom)
        if read_on is not None:
            surf.blit(read_on, (PAD, bottom + 6))
        return surf

    def _height(self, text, size, width):
        """How tall ``text`` is drawn at ``size`` (a blank line between paragraphs is half a line)."""
        step = int(size * 1.38)
        return sum(step if line else step // 2 for line in self._wrap(text, size, width))

    def _box_height(self, lines, width, size=21):
        n = sum(len(self._wrap(l, size, width - 28)) for l in lines)
        return n * int(size * 1.38) + 22

    def _box(self, surf, lines, top, bottom, width, bg, edge, size=21):
        box = pygame.Rect(PAD, top, width, max(20, bottom - top))
        pygame.draw.rect(surf, bg, box, border_radius=10)
        pygame.draw.rect(surf, edge, box, 2, border_radius=10)
        y = top + 11
        for i, line in enumerate(lines):
            y = self._blit_lines(surf, [line], size, INK if i else (255, 236, 190), width - 28, y, x=PAD + 14,
                                 limit=bottom - 6, bold=(i == 0 and len(lines) > 1))
        return None

    def feedback_lines(self) -> list[str]:
        """A refusal in kind words: why the rule forbids it, what the lesson wants, the rule."""
        app, lang = self.scene.app, self.scene.app.lang
        msg, rule, engine = self.scene.feedback
        lines = [app.t("teach.try_again")]
        if rule:
            key = f"teach.why.{V.rule_key(rule)}"
            why = app.t(key)
            lines.append(why if why != key else (engine.text(app) if engine is not None else ""))
        explain = msg.get(lang) or msg.get("en")
        if explain:
            lines.append(explain)
        if rule:
            lines.append(app.t("teach.rule", rule=V.rule_text(app, rule)))
        return lines

    def _feedback_box(self, surf, top, bottom, width):
        lines = self.feedback_lines()
        h = self._box_height(lines, width)
        self._box(surf, lines, top, min(bottom, top + h), width, WARN_BG, WARN_EDGE)

    def _wrap(self, text, size, width, bold=False):
        font = self.scene.app.font(size, bold)
        out = []
        for para in paragraphs(str(text)):
            out.extend(wrap(para, width, lambda s: font.size(s)[0]) if para.strip() else [""])
        while out and out[-1] == "":
            out.pop()
        return out

    def _blit_lines(self, surf, texts, size, colour, width, y, x=PAD, limit=None, bold=False):
        step = int(size * 1.38)
        for text in texts:
            for line in self._wrap(text, size, width, bold):
                if limit is not None and y + step > limit:
                    return y
                if line:
                    surf.blit(self.scene.app.text(line, size, colour, bold), (x, y))
                y += step if line else step // 2
        return y


def _cjk(ch: str) -> bool:
    """A Japanese character (CJK symbols, kana, kanji, full-width forms: U+3000-U+9FFF,
    U+FF00-U+FFEF). A comparison, not a regular expression: compiling that character class
    cost 26 M instructions, most of what the teaching screen's start did beyond the table's."""
    o = ord(ch)
    return 0x3000 <= o <= 0x9FFF or 0xFF00 <= o <= 0xFFEF


def paragraphs(text: str) -> list[str]:
    """YAML block text -> display paragraphs: single line breaks are joined (with a space,
    or nothing between Japanese characters), blank lines separate paragraphs, and list
    lines ("- ...", "1. ...") keep their own line."""
    out: list[str] = []
    for block in text.strip("\n").split("\n\n"):
        cur = ""
        for line in block.split("\n"):
            line = line.strip()
            if not line:
                continue
            if not cur:
                cur = line
            elif re.match(r"^(- |・|\d+\. )", line):
                out.append(cur)
                cur = line
            elif _cjk(line[0]) or _cjk(cur[-1]):
                cur += line
            else:
                cur += " " + line
        if cur:
            out.append(cur)
        out.append("")
    out = ["• " + p[2:] if p.startswith("- ") else p for p in out]
    while out and out[-1] == "":
        out.pop()
    return out
