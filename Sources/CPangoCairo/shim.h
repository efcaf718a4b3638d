#pragma once
#include <pango/pangocairo.h>
// Ligature carets and glyph classes, to place the characters of a ligature as Pango does.
#include <hb-ot.h>
