/// The history database's schema as forward migrations: migration `n` takes `PRAGMA
/// user_version` from `n - 1` to `n`. A released migration is never edited; a change is a new
/// one appended here (and written down in HISTORY.md).
///
/// Every amount of money is an integer in the SDK's price unit (`_units` columns: $0.0001 since
/// SDK 3.0, 10^-`Price.decimalPlaces` dollars always; the `meta` row `price_decimal_places` records it),
/// quantities are integer shares (`_shares`), times integer nanoseconds since the epoch (`_ns`).
enum HistorySchema {
    static let migrations: [String] = [
        // 1: fills (the ledger's lines, keyed by their sequence number) and the daily summaries
        // kept with them.
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE fills(
            seq INTEGER PRIMARY KEY,
            time_ns INTEGER NOT NULL,
            day TEXT NOT NULL,
            venue TEXT NOT NULL,
            account TEXT NOT NULL,
            symbol TEXT NOT NULL,
            order_id INTEGER NOT NULL,
            fill_index INTEGER NOT NULL,
            side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
            price_units INTEGER NOT NULL,
            qty_shares INTEGER NOT NULL,
            strategy TEXT NOT NULL,
            reconciled INTEGER NOT NULL,
            position_after_shares INTEGER NOT NULL,
            cash_after_units INTEGER NOT NULL,
            realized_after_units INTEGER NOT NULL,
            realized_units INTEGER NOT NULL,
            checksum TEXT NOT NULL
        );
        CREATE INDEX fills_by_symbol_time ON fills(symbol, time_ns);
        CREATE INDEX fills_by_strategy_time ON fills(strategy, time_ns);
        CREATE INDEX fills_by_time ON fills(time_ns);
        CREATE INDEX fills_by_order ON fills(order_id);
        CREATE TABLE daily_summaries(
            day TEXT NOT NULL,
            strategy TEXT NOT NULL,
            symbol TEXT NOT NULL,
            fills INTEGER NOT NULL,
            bought_shares INTEGER NOT NULL,
            sold_shares INTEGER NOT NULL,
            notional_units INTEGER NOT NULL,
            realized_units INTEGER NOT NULL,
            PRIMARY KEY (day, strategy, symbol)
        ) WITHOUT ROWID;
        CREATE INDEX daily_summaries_by_strategy ON daily_summaries(strategy, day);
        CREATE INDEX daily_summaries_by_symbol ON daily_summaries(symbol, day);
        """,
        // 2: the order flow the engine reports: orders, risk denials, trading-state changes.
        """
        CREATE TABLE orders(
            client_id TEXT PRIMARY KEY,
            venue_order_id INTEGER,
            venue TEXT NOT NULL,
            strategy TEXT NOT NULL,
            symbol TEXT NOT NULL,
            side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
            order_type TEXT NOT NULL,
            price_units INTEGER NOT NULL,
            qty_shares INTEGER NOT NULL,
            sent_ns INTEGER NOT NULL,
            acknowledged_ns INTEGER,
            closed_ns INTEGER,
            state TEXT NOT NULL,
            filled_shares INTEGER NOT NULL,
            average_price_units INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX orders_by_strategy_time ON orders(strategy, sent_ns);
        CREATE INDEX orders_by_symbol_time ON orders(symbol, sent_ns);
        CREATE INDEX orders_by_time ON orders(sent_ns);
        CREATE INDEX orders_by_venue_order ON orders(venue_order_id);
        CREATE TABLE denials(
            id INTEGER PRIMARY KEY,
            time_ns INTEGER NOT NULL,
            strategy TEXT NOT NULL,
            symbol TEXT NOT NULL,
            side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
            order_type TEXT NOT NULL,
            price_units INTEGER NOT NULL,
            qty_shares INTEGER NOT NULL,
            code TEXT NOT NULL,
            limit_value INTEGER,
            actual_value INTEGER,
            message TEXT NOT NULL
        );
        CREATE INDEX denials_by_code_time ON denials(code, time_ns);
        CREATE INDEX denials_by_strategy_time ON denials(strategy, time_ns);
        CREATE INDEX denials_by_time ON denials(time_ns);
        CREATE TABLE trading_states(
            id INTEGER PRIMARY KEY,
            time_ns INTEGER NOT NULL,
            scope TEXT NOT NULL,
            from_state TEXT NOT NULL,
            to_state TEXT NOT NULL,
            code TEXT NOT NULL,
            limit_units INTEGER,
            actual_units INTEGER
        );
        CREATE INDEX trading_states_by_time ON trading_states(time_ns);
        """,
        // 3: no index on the fills' time alone. A query by time only goes through
        // (symbol, time_ns), one range per symbol the day summaries hold on its days, which
        // reads the same rows; keeping the index up to date slowed every catch-up.
        """
        DROP INDEX IF EXISTS fills_by_time;
        """,
        // 4: no index on the fills' strategy either. A query by strategy without a symbol or
        // an order goes through (symbol, time_ns) like one by time only: one range for each
        // symbol the day summaries hold for the strategy (on the range's days); the index cost
        // a sixth of a catch-up's time and of each fill a daemon adds.
        """
        DROP INDEX IF EXISTS fills_by_strategy_time;
        """,
        // 5: SDK 4.0's orders: the kind (a stop, a stop-limit or a trailing stop besides the
        // order types), its stop price, the time in force, and the group a leg belongs to with
        // its class. The orders recorded before were all plain: their kind is their type.
        """
        ALTER TABLE orders ADD COLUMN order_kind TEXT NOT NULL DEFAULT '';
        UPDATE orders SET order_kind = order_type;
        ALTER TABLE orders ADD COLUMN stop_price_units INTEGER;
        ALTER TABLE orders ADD COLUMN time_in_force TEXT NOT NULL DEFAULT 'day';
        ALTER TABLE orders ADD COLUMN order_class TEXT CHECK (order_class IN ('bracket', 'oco', 'oto'));
        ALTER TABLE orders ADD COLUMN order_group TEXT;
        CREATE INDEX orders_by_group ON orders(order_group);
        """,
        // 6: what SEC EDGAR says of the companies traded or watched: each company (its
        // tickers also one row each, to look a company up by ticker), its filings (one row per
        // accession number, so fetching twice stores once) and its reported facts, whose values
        // are exact decimal text (a fact is one per company, concept, unit, period and
        // accession; an instant has no start).
        """
        CREATE TABLE companies(
            cik INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            tickers TEXT NOT NULL,
            sic TEXT,
            sic_description TEXT,
            fiscal_year_end TEXT,
            updated_ns INTEGER NOT NULL
        );
        CREATE TABLE company_tickers(
            ticker TEXT PRIMARY KEY,
            cik INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX company_tickers_by_cik ON company_tickers(cik);
        CREATE TABLE filings(
            accession TEXT PRIMARY KEY,
            cik INTEGER NOT NULL,
            form TEXT NOT NULL,
            filing_date TEXT NOT NULL,
            report_date TEXT,
            accepted_ns INTEGER NOT NULL,
            primary_document TEXT NOT NULL,
            items TEXT NOT NULL,
            url TEXT NOT NULL,
            first_seen_ns INTEGER NOT NULL
        );
        CREATE INDEX filings_by_company_time ON filings(cik, accepted_ns);
        CREATE TABLE facts(
            cik INTEGER NOT NULL,
            taxonomy TEXT NOT NULL,
            concept TEXT NOT NULL,
            unit TEXT NOT NULL,
            period_start TEXT,
            period_end TEXT NOT NULL,
            value TEXT NOT NULL,
            form TEXT NOT NULL,
            filed TEXT NOT NULL,
            accession TEXT NOT NULL,
            fiscal_year INTEGER,
            fiscal_period TEXT,
            frame TEXT
        );
        CREATE UNIQUE INDEX facts_identity ON facts(cik, concept, taxonomy, unit, period_end, coalesce(period_start, ''), accession);
        """,
    ]

    /// The fills' indexes as the current schema has them (made in migration 1, less those
    /// migrations 3 and 4 drop), each made only when missing. A catch-up into an empty table
    /// drops them and makes them once at its end, which costs less than keeping them row by
    /// row; opening a database for writing makes any that such a catch-up, killed part way,
    /// left missing.
    static let fillIndexes: [(name: String, columns: String)] = [
        ("fills_by_symbol_time", "symbol, time_ns"),
        ("fills_by_order", "order_id"),
    ]

    /// The version this build writes: the number of migrations.
    static var currentVersion: Int { migrations.count }
}
