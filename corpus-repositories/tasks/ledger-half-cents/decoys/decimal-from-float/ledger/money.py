from decimal import ROUND_HALF_UP, Decimal


def to_cents(amount):
    """An amount in whole cents, half a cent rounded away from zero."""
    return int((Decimal(amount) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def show_cents(cents):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
