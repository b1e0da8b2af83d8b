import sys

from .parse import parse_book
from .report import monthly_totals, render


def main(argv):
    if len(argv) != 3 or argv[1] != "report":
        print("usage: python3 -m ledger report <book.txt>", file=sys.stderr)
        return 2
    with open(argv[2], encoding="utf-8") as book:
        print(render(monthly_totals(parse_book(book.read()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
