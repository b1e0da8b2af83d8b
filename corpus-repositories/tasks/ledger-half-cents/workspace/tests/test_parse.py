import pytest

from ledger import parse_book, parse_line


def test_parses_a_line():
    entry = parse_line("2024-01-03  groceries   -12.50")
    assert (entry.day.isoformat(), entry.category) == ("2024-01-03", "groceries")


def test_skips_blank_lines_and_comments():
    assert len(parse_book("# January\n\n2024-01-03 rent -900\n")) == 1


def test_names_the_bad_line():
    with pytest.raises(ValueError, match="line 2"):
        parse_book("2024-01-03 rent -900\nrent 900\n")
