import Glibc
@_spi(Host) import StrategyKit
import Wire

/// The trading history: a SQLite database that projects the ledger (fills, daily summaries) and
/// the engine's order flow (orders, denials, trading-state changes) into tables to query by
/// any element. The ledger stays the source of truth; this is rebuilt from it at will.
///
/// One instance owns one connection and is used from one thread (or serial queue) at a time.
/// Opened for writing, it is migrated forward to `HistorySchema.currentVersion`; a database
/// from a newer schema or in another price unit is refused, never half-used. Schema and
/// example queries: HISTORY.md.
public final class HistoryDatabase {
    /// The database file.
    public var path: String { connection.path }
    let connection: SQLiteConnection
    /// The P&L each (strategy, symbol) pair had realized after its last fill, to turn the
    /// ledger's running `realized` into each fill's own, as of the last sequence our last
    /// append left.
    var realizedByPair: (sequence: UInt64, pairs: [PairKey: Money])?
    /// The last day string made and the day number it is for (one fill after another is
    /// almost always the same day).
    var dayCache: (number: Int64, text: String) = (.min, "")

    struct PairKey: Hashable {
        var strategy: StrategyID
        var symbol: Symbol
    }

    /// Opens the database at `path` for writing, creating it when missing and migrating it
    /// forward to `schemaVersion` (tests name an older one to check the migrations).
    public convenience init(path: String) throws(HistoryError) {
        try self.init(path: path, schemaVersion: HistorySchema.currentVersion)
    }

    init(path: String, schemaVersion: Int) throws(HistoryError) {
        connection = try SQLiteConnection(path: path, readOnly: false)
        try migrate(to: schemaVersion)
        try checkUnit(writing: true)
        if schemaVersion >= 1 { try makeFillIndexes() }
    }

    private init(readOnlyConnection: SQLiteConnection) {
        connection = readOnlyConnection
    }

    /// Opens the database at `path` read-only (`SQLITE_OPEN_READONLY`): every write is refused
    /// by SQLite itself. A database from a newer schema or another price unit is refused.
    public static func readOnly(path: String) throws(HistoryError) -> HistoryDatabase {
        let database = HistoryDatabase(readOnlyConnection: try SQLiteConnection(path: path, readOnly: true))
        let version = try database.userVersion()
        guard version <= HistorySchema.currentVersion else {
            throw .schemaTooNew(path: path, found: version, supported: HistorySchema.currentVersion)
        }
        guard version > 0 else { throw .open(path: path, message: "not a history database (schema version 0)", code: 0) }
        try database.checkUnit(writing: false)
        return database
    }

    /// The schema version the file is at (`PRAGMA user_version`).
    public func userVersion() throws(HistoryError) -> Int {
        let statement = try connection.statement("PRAGMA user_version", during: .query("read the schema version"))
        return try statement.firstRow { Int($0.int64(0)) } ?? 0
    }

    private func migrate(to target: Int) throws(HistoryError) {
        let found = try userVersion()
        guard found <= HistorySchema.currentVersion else {
            throw .schemaTooNew(path: path, found: found, supported: HistorySchema.currentVersion)
        }
        guard found < target else { return }
        for version in (found + 1)...target {
            // PRAGMA takes no parameters; the version is our own integer.
            try connection.transaction(during: .migrate(version: version)) { () throws(HistoryError) in
                try connection.execute(HistorySchema.migrations[version - 1], during: .migrate(version: version))
                try connection.execute("PRAGMA user_version = \(version)", during: .migrate(version: version))
            }
        }
    }

    /// Makes the fills' indexes that are missing (`HistorySchema.fillIndexes`), in one
    /// transaction.
    func makeFillIndexes() throws(HistoryError) {
        // SQLite sorts the rows of a new index on this many threads (PRAGMA takes no
        // parameters; the count is our own integer).
        try connection.execute("PRAGMA threads = \(min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 4))", during: .insert(table: "fills"))
        try connection.transaction(during: .insert(table: "fills")) { () throws(HistoryError) in
            for index in HistorySchema.fillIndexes {
                // Names and columns are our own constants; DDL takes no parameters.
                try connection.execute(
                    "CREATE INDEX IF NOT EXISTS \(index.name) ON fills(\(index.columns))", during: .insert(table: "fills"))
            }
        }
    }

    /// Drops the fills' indexes, for a bulk load into an empty table that `makeFillIndexes`
    /// ends.
    func dropFillIndexes() throws(HistoryError) {
        try connection.transaction(during: .insert(table: "fills")) { () throws(HistoryError) in
            for index in HistorySchema.fillIndexes {
                try connection.execute("DROP INDEX IF EXISTS \(index.name)", during: .insert(table: "fills"))
            }
        }
    }

    /// Checks (and on a new database records) the price unit the amounts are in.
    private func checkUnit(writing: Bool) throws(HistoryError) {
        let select = try connection.statement(
            "SELECT value FROM meta WHERE key = 'price_decimal_places'", during: .query("read the price unit"))
        if let found = try select.firstRow({ Int($0.int64(0)) }) {
            guard found == Price.decimalPlaces else { throw .unitMismatch(path: path, found: found, expected: Price.decimalPlaces) }
        } else if writing {
            let insert = try connection.statement(
                "INSERT INTO meta(key, value) VALUES ('price_decimal_places', ?)", during: .insert(table: "meta"))
            insert.bind(Int64(Price.decimalPlaces), at: 1)
            try insert.run()
        }
    }

    /// Runs `body` with SQLite's page cache at most `kibibytes`, then sets it back to what it
    /// was: for a bulk load (a catch-up, a benchmark's database), whose inserts touch more
    /// pages of the indexes than the default 2 MiB hold.
    public func withCache<T>(kibibytes: Int, _ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        let read = try connection.statement("PRAGMA cache_size", during: .query("read the cache size"))
        let before = try read.firstRow { $0.int64(0) } ?? -2_000
        // PRAGMA takes no parameters; the sizes are our own integers.
        try connection.execute("PRAGMA cache_size = -\(kibibytes)", during: .query("set the cache size"))
        let value: T
        do throws(HistoryError) {
            value = try body()
        } catch {
            // The body's failure is the one to report; the cache is set back all the same.
            _ = try? connection.execute("PRAGMA cache_size = \(before)", during: .query("set the cache size"))
            throw error
        }
        try connection.execute("PRAGMA cache_size = \(before)", during: .query("set the cache size"))
        return value
    }

    /// The UTC day (`2026-12-01`) of `time`.
    func day(of time: Timestamp) -> String {
        dayText(time.utcDay)
    }

    /// The text (`2026-12-01`) of UTC day `number`, made once for the day after another's.
    func dayText(_ number: Int64) -> String {
        if number != dayCache.number {
            dayCache = (number, String(Timestamp(nanoseconds: number * Timestamp.nanosecondsPerDay).iso8601.prefix(10)))
        }
        return dayCache.text
    }
}
