#!/usr/bin/env python3
"""Writes Tickwork's shipped symbol directory (symbol,name,exchange,type,cik,prominence) to stdout.

Stocks: the members of the US indices in the MIT-licensed PyPI package pytickersymbols
(`pip install pytickersymbols==1.17.10`): Dow Jones, Nasdaq-100, S&P 100, S&P 500, S&P 600.
The exchange is read from the member's "traded as" text (NYSE, Nasdaq, ...), else from its
Google symbol; a member with neither is listed under "US". ETFs: the file given as the first
argument (symbol,name,exchange), written by hand. CIKs: SEC EDGAR's company_tickers.json, the
second argument, whose entries are in market-value order. Prominence ranks the rows from 1: index
members before the ETFs, each group in the EDGAR list's order (a company's other share classes,
listed far down it, right after its first), rows missing from it last by ticker.
See Sources/Quotes/Directory/PROVENANCE.md.
"""
import csv
import json
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


def edgar_positions(path):
    """Each ticker's (its company's first position in EDGAR's list, its own, CIK), tickers
    written with a dot as here."""
    with open(path, encoding="utf-8") as file:
        listing = json.load(file)
    companies = {}
    positions = {}
    for key in sorted(listing, key=int):
        entry = listing[key]
        company = companies.setdefault(entry["cik_str"], int(key))
        positions.setdefault(entry["ticker"].replace("-", "."), (company, int(key), entry["cik_str"]))
    return positions


def main():
    edgar = edgar_positions(sys.argv[2])
    rows = {}
    for index in US_INDICES:
        for company in INDICES[index]["companies"]:
            symbol = company["symbol"].replace("-", ".")
            rows.setdefault(symbol, (symbol, company["name"], exchange_of(company), "Common Stock"))
    with open(sys.argv[1], newline="", encoding="utf-8") as etfs:
        for symbol, name, exchange in csv.reader(etfs):
            rows.setdefault(symbol, (symbol, name, exchange, "ETF"))
    writer = csv.writer(sys.stdout, lineterminator="\n")
    missing = (len(edgar), len(edgar), None)

    def prominence_order(symbol):
        return (rows[symbol][3] != "Common Stock",) + edgar.get(symbol, missing)[:2] + (symbol,)

    prominence = {symbol: rank for rank, symbol in enumerate(sorted(rows, key=prominence_order), start=1)}
    writer.writerow(["symbol", "name", "exchange", "type", "cik", "prominence"])
    for key in sorted(rows):
        cik = edgar.get(key, missing)[2]
        writer.writerow(rows[key] + ("" if cik is None else str(cik), str(prominence[key])))


if __name__ == "__main__":
    main()
