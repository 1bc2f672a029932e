import Glibc
import Ledger

/// Keeps the history caught up with the ledger, its source of truth.
public enum HistoryCatchUp {
    /// Adds to `database` every entry of the ledger at `ledger` past the last sequence number
    /// it holds, `batchSize` entries per transaction, and returns how many it added. Killed
    /// part way, it leaves whole batches behind, and the next run goes on from the last one.
    /// The ledger is read on a thread of its own (`LedgerBatchReader`), a batch or two ahead of
    /// the writing. Into an empty database the fills' indexes are made after the rows.
    ///
    /// Throws `.ledgerMismatch` when the database holds a fill the ledger does not (another
    /// ledger, or one cut short): such a database is rebuilt, never extended.
    @discardableResult
    public static func run(_ database: HistoryDatabase, ledger: String, batchSize: Int = 50_000) throws(HistoryError) -> Int {
        try database.withCache(kibibytes: catchUpCacheKibibytes) { () throws(HistoryError) -> Int in
            try catchUp(database, ledger: ledger, batchSize: batchSize)
        }
    }

    /// SQLite's page cache while catching up: large batches touch more pages of the fills'
    /// indexes than the default 2 MiB hold. Set back once caught up, so a daemon following
    /// its ledger keeps the default.
    public static let catchUpCacheKibibytes = 65_536

    private static func catchUp(_ database: HistoryDatabase, ledger: String, batchSize: Int) throws(HistoryError) -> Int {
        let last = try database.lastSequence()
        let lastChecksum = try last == 0 ? nil : database.checksum(at: last)
        // Into an empty table the fills' indexes are made once, at the end, rather than kept
        // row by row; a catch-up killed before then leaves them to the next opening.
        if last == 0 { try database.dropFillIndexes() }
        let reader = LedgerBatchReader(path: ledger, from: max(last, 1), batchSize: batchSize)
        defer { reader.finish() }
        var added = 0
        var matched = last == 0
        while true {
            let read: [LedgerEntry]?
            do throws(LedgerError) {
                read = try reader.next()
            } catch {
                throw .ledger(path: ledger, message: error.description)
            }
            guard var batch = read else { break }
            if !matched, let first = batch.first, first.sequence == last {
                guard first.checksum.description == lastChecksum else {
                    throw .ledgerMismatch(path: database.path, ledger: ledger, detail: "the fill with sequence \(last) has another checksum")
                }
                matched = true
                batch.removeFirst()
            }
            guard matched else { break }
            added += try database.append(batch)
            reader.recycle(batch)
        }
        guard matched else {
            throw .ledgerMismatch(path: database.path, ledger: ledger, detail: "the database holds fills to sequence \(last), past the ledger's end")
        }
        if last == 0 { try database.makeFillIndexes() }
        return added
    }

    /// Makes the database at `path` anew from the ledger at `ledger`, once it has taken the
    /// database's lock (`HistoryLock`): refused with `.locked`, naming the holder, while another
    /// process writes it (the daemon's `HistoryWriter`). Returns the fills it holds. What the
    /// ledger holds (the fills and their day summaries) is made from it; what only the history
    /// holds (orders, denials, trading states, EDGAR's companies, filings and facts) is carried over from the old file, or, when that
    /// cannot be read, the old file is kept beside (`report` hears where).
    @discardableResult
    public static func rebuild(path: String, ledger: String, report: (String) -> Void) throws(HistoryError) -> Int {
        let lock = try HistoryLock(database: path, holder: "a rebuild by tickwork")
        return try rebuild(path: path, ledger: ledger, report: report, holding: lock)
    }

    /// `rebuild` by the holder of the database's `lock`: built beside, then moved over it, so a
    /// reader never sees it half made; a build that fails is removed.
    @discardableResult
    static func rebuild(path: String, ledger: String, report: (String) -> Void, holding lock: HistoryLock) throws(HistoryError) -> Int {
        let building = path + ".rebuild"
        let removeBuilding = { for file in [building, building + "-wal", building + "-shm"] { unlink(file) } }
        removeBuilding()
        let count: Int
        var unreadable: HistoryError?
        do {
            let database = try HistoryDatabase(path: building)
            count = try run(database, ledger: ledger)
            if access(path, F_OK) == 0 {
                do throws(HistoryError) {
                    try database.carryOrderFlow(from: path)
                } catch {
                    unreadable = error
                }
            }
        } catch {
            removeBuilding()
            throw error
        }
        if let unreadable {
            let kept = try keepBeside(path)
            report("the orders, denials, trading states and filings of \(path) could not be carried over (\(unreadable)); the old database is kept as \(kept)")
        }
        // The new file's WAL was checkpointed and removed when its connection closed above; the
        // old file's must go before the rename, or SQLite would apply it to the new file.
        for file in [path + "-wal", path + "-shm"] { unlink(file) }
        guard rename(building, path) == 0 else {
            throw .open(path: path, message: "cannot move \(building) over it: \(String(cString: strerror(errno)))", code: 0)
        }
        return count
    }

    /// Links the database at `path` (and its WAL, which may hold its last transactions) to a name
    /// of its own beside it, `<path>.before-rebuild-<seconds>`, and returns that name.
    private static func keepBeside(_ path: String) throws(HistoryError) -> String {
        let kept = "\(path).before-rebuild-\(time(nil))"
        for (from, to) in [(path, kept), (path + "-wal", kept + "-wal")] where access(from, F_OK) == 0 {
            guard link(from, to) == 0 else {
                throw .open(path: path, message: "cannot keep it as \(to) before the rebuild: \(String(cString: strerror(errno)))", code: 0)
            }
        }
        return kept
    }

    /// The database at `path` caught up with the ledger at `ledger`, for a command that reads
    /// it: when no process writes it, taken as `open(path:ledger:report:holding:)` does; while
    /// one does (the daemon's `HistoryWriter`, which keeps it caught up), opened read-only as it
    /// is, never rebuilt under it.
    public static func open(path: String, ledger: String, report: (String) -> Void) throws(HistoryError) -> HistoryDatabase {
        let lock: HistoryLock
        do {
            lock = try HistoryLock(database: path, holder: "a catch-up by tickwork")
        } catch {
            guard case .locked = error else { throw error }
            return try HistoryDatabase.readOnly(path: path)
        }
        return try open(path: path, ledger: ledger, report: report, holding: lock)
    }

    /// The database at `path` caught up with the ledger at `ledger` by the holder of its `lock`:
    /// opened as it is when it can be (created when missing), rebuilt from the ledger when it is
    /// corrupt, in another price unit or does not match the ledger (`report` hears one line saying
    /// so), refused when it comes from a newer schema.
    static func open(path: String, ledger: String, report: (String) -> Void, holding lock: HistoryLock) throws(HistoryError) -> HistoryDatabase {
        // A missing database is built beside and moved into place, so that a reader never
        // finds it before its tables.
        if access(path, F_OK) != 0 {
            try rebuild(path: path, ledger: ledger, report: report, holding: lock)
            return try HistoryDatabase(path: path)
        }
        do {
            let database = try HistoryDatabase(path: path)
            try run(database, ledger: ledger)
            return database
        } catch {
            switch error {
            case .corrupt, .unitMismatch, .ledgerMismatch:
                report("\(error); rebuilding it from the ledger")
                try rebuild(path: path, ledger: ledger, report: report, holding: lock)
                return try HistoryDatabase(path: path)
            default:
                throw error
            }
        }
    }
}
