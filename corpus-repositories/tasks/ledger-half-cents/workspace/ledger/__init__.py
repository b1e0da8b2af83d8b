from .money import to_cents
from .parse import Entry, parse_line, parse_book
from .report import monthly_totals, render

__all__ = ["Entry", "monthly_totals", "parse_book", "parse_line", "render", "to_cents"]
