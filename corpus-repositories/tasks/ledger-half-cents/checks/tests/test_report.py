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


def test_rounds_half_cents_up():
    assert monthly_totals(parse_book("2024-01-31 interest 0.125\n2024-02-29 interest 2.675\n")) == {
        ("2024-01", "interest"): 13,
        ("2024-02", "interest"): 268,
    }


def test_sums_exactly_before_rounding():
    book = "".join(f"2024-03-{day:02d} fees 0.015\n" for day in (4, 11, 18))
    assert monthly_totals(parse_book(book)) == {("2024-03", "fees"): 5}
