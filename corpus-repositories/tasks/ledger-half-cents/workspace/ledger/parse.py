import re
from dataclasses import dataclass
from datetime import date

LINE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})\s+(\S+)\s+(-?\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class Entry:
    day: date
    category: str
    amount: float


def parse_line(line, number=1):
    match = LINE.match(line)
    if not match:
        raise ValueError(f"line {number}: expected 'YYYY-MM-DD category amount', got {line!r}")
    year, month, day, category, amount = match.groups()
    return Entry(date(int(year), int(month), int(day)), category, float(amount))


def parse_book(text):
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            entries.append(parse_line(line, number))
    return entries
