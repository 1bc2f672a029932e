#!/usr/bin/env python3
"""Writes Tickwork's shipped symbol directory (symbol,name,exchange,type) to stdout.

Stocks: the members of the US indices in the MIT-licensed PyPI package pytickersymbols
(`pip install pytickersymbols==1.17.10`): Dow Jones, Nasdaq-100, S&P 100, S&P 500, S&P 600.
The exchange is read from the member's "traded as" text (NYSE, Nasdaq, ...), else from its
Google symbol; a member with neither is listed under "US". ETFs: the file given as the first
argument (symbol,name,exchange), written by hand. See Sources/Quotes/Directory/PROVENANCE.md.
"""
import csv
import re
import sys

from pytickersymbols.indices_data import INDICES

US_INDICES = ["DOW JONES", "NASDAQ 100", "S&P 100", "S&P 500", "S&P 600"]
EXCHANGES = {"nyse": "NYSE", "nasdaq": "NASDAQ", "nyse american": "NYSE AMERICAN", "nyse arca": "NYSE ARCA", "cboe": "CBOE"}


def exchange_of(company):
    traded = company.get("metadata", {}).get("traded_as", "")
    for match in re.finditer(r"([A-Za-z][A-Za-z ]*?)\s*:\s*([A-Z.\-]+)", traded):
        name = match.group(1).strip().lower()
        if name in EXCHANGES and match.group(2).replace("-", ".") == company["symbol"].replace("-", "."):
            return EXCHANGES[name]
    for symbol in company.get("symbols", []):
        prefix, _, ticker = symbol.get("google", "").partition(":")
        if ticker == company["symbol"] and prefix.lower() in EXCHANGES:
            return EXCHANGES[prefix.lower()]
    return "US"


def main():
    rows = {}
    for index in US_INDICES:
        for company in INDICES[index]["companies"]:
            symbol = company["symbol"].replace("-", ".")
            rows.setdefault(symbol, (symbol, company["name"], exchange_of(company), "Common Stock"))
    with open(sys.argv[1], newline="", encoding="utf-8") as etfs:
        for symbol, name, exchange in csv.reader(etfs):
            rows.setdefault(symbol, (symbol, name, exchange, "ETF"))
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["symbol", "name", "exchange", "type"])
    for key in sorted(rows):
        writer.writerow(rows[key])


if __name__ == "__main__":
    main()
