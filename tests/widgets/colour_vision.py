"""Colour science for the palette test: simulated colour-vision deficiency and CIEDE2000.

* Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of
  color vision deficiency", IEEE TVCG 15(6): the severity-1.0 matrices for protanopia,
  deuteranopia and tritanopia, applied to linear sRGB (as colorspacious and DaltonLens do).
* CIEDE2000 (CIE 142-2001) as written out by Sharma, Wu and Dalal (2005), "The CIEDE2000
  color-difference formula: implementation notes, supplementary test data, and
  mathematical observations", Color Res. Appl. 30(1); their Table 1 checks it.

A plain module (not conftest.py) so that its name is unique across the test folders.
"""
from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]

MACHADO_2009: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = tuple(MACHADO_2009)


def linear_rgb(color: str) -> tuple[float, float, float]:
    """``#rrggbb`` -> linear sRGB in [0, 1] (the sRGB transfer function undone)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    text = color.lstrip("#")
    r, g, b = (lin(int(text[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return r, g, b


def simulate(color: str, vision: str) -> tuple[float, float, float]:
    """Linear sRGB of ``color`` as seen with ``vision`` (one of :data:`VISIONS`)."""
    rgb = linear_rgb(color)
    matrix = MACHADO_2009[vision]
    if matrix is None:
        return rgb
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB -> CIELAB (D65 white)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1), Sharma et al. 2005, eq. 1-22."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_hue = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_hue / s_h) ** 2
                     + r_t * (dc / s_c) * (d_hue / s_h))


def difference(color1: str, color2: str, vision: str) -> float:
    """CIEDE2000 between two colours as seen with ``vision``."""
    return ciede2000(lab(simulate(color1, vision)), lab(simulate(color2, vision)))


def least_difference(color1: str, color2: str) -> float:
    """The smallest difference over normal vision and the three simulations."""
    return min(difference(color1, color2, v) for v in VISIONS)


def contrast_ratio(color1: str, color2: str) -> float:
    """WCAG 2 contrast ratio (1 to 21)."""
    def luminance(color: str) -> float:
        r, g, b = linear_rgb(color)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(color1), luminance(color2)), reverse=True)
    return (high + 0.05) / (low + 0.05)
