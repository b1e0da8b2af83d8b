from ledger import monthly_totals, parse_book, render

BOOK = """
2024-01-03  groceries  -12.50
2024-01-20  groceries  -7.25
2024-02-01  groceries  -3.00
2024-01-15  salary     2100.00
"""


def test_totals_per_month_and_category():
    assert monthly_totals(parse_book(BOOK)) == {
        ("2024-01", "groceries"): -1975,
        ("2024-01", "salary"): 210000,
        ("2024-02", "groceries"): -300,
    }


def test_renders_one_line_per_total():
    assert render(monthly_totals(parse_book(BOOK))).splitlines()[0] == "2024-01  groceries        -19.75"
