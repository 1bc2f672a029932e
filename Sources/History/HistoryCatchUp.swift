import Glibc
import Ledger

/// Keeps the history caught up with the ledger, its source of truth.
public enum HistoryCatchUp {
    /// Adds to `database` every entry of the ledger at `ledger` past the last sequence number
    /// it holds, `batchSize` entries per transaction, and returns how many it added. Killed
    /// part way, it leaves whole batches behind, and the next run goes on from the last one.
    ///
    /// Throws `.ledgerMismatch` when the database holds a fill the ledger does not (another
    /// ledger, or one cut short): such a database is rebuilt, never extended.
    @discardableResult
    public static func run(_ database: HistoryDatabase, ledger: String, batchSize: Int = 20_000) throws(HistoryError) -> Int {
        let last = try database.lastSequence()
        let lastChecksum = try last == 0 ? nil : database.checksum(at: last)
        var batch: [LedgerEntry] = []
        batch.reserveCapacity(batchSize)
        var added = 0
        var failure: HistoryError?
        var matched = last == 0
        do throws(LedgerError) {
            try LedgerReader.forEach(in: ledger, from: max(last, 1)) { entry in
                guard failure == nil else { return }
                if entry.sequence == last {
                    guard entry.checksum.description == lastChecksum else {
                        failure = .ledgerMismatch(
                            path: database.path, ledger: ledger, detail: "the fill with sequence \(last) has another checksum")
                        return
                    }
                    matched = true
                    return
                }
                batch.append(entry)
                guard batch.count >= batchSize else { return }
                do throws(HistoryError) {
                    added += try database.append(batch)
                } catch {
                    failure = error
                }
                batch.removeAll(keepingCapacity: true)
            }
        } catch {
            throw .ledger(path: ledger, message: error.description)
        }
        if let failure { throw failure }
        guard matched else {
            throw .ledgerMismatch(path: database.path, ledger: ledger, detail: "the database holds fills to sequence \(last), past the ledger's end")
        }
        if !batch.isEmpty { added += try database.append(batch) }
        return added
    }

    /// Makes the database at `path` anew from the ledger at `ledger`: built beside it, then
    /// moved over it, so a reader never sees it half made. Returns the fills it holds.
    @discardableResult
    public static func rebuild(path: String, ledger: String) throws(HistoryError) -> Int {
        let building = path + ".rebuild"
        for file in [building, building + "-wal", building + "-shm"] { unlink(file) }
        let count: Int
        do {
            let database = try HistoryDatabase(path: building)
            count = try run(database, ledger: ledger)
        }
        // The new file's WAL was checkpointed and removed when its connection closed above; the
        // old file's must go before the rename, or SQLite would apply it to the new file.
        for file in [path + "-wal", path + "-shm"] { unlink(file) }
        guard rename(building, path) == 0 else {
            throw .open(path: path, message: "cannot move \(building) over it: \(String(cString: strerror(errno)))", code: 0)
        }
        return count
    }

    /// The database at `path` caught up with the ledger at `ledger`: opened as it is when it
    /// can be (created when missing), rebuilt from the ledger when it is corrupt, in another
    /// price unit or does not match the ledger (`report` hears one line saying so), refused when
    /// it comes from a newer schema.
    public static func open(path: String, ledger: String, report: (String) -> Void) throws(HistoryError) -> HistoryDatabase {
        // A missing database is built beside and moved into place, so that a reader never
        // finds it before its tables.
        if access(path, F_OK) != 0 {
            try rebuild(path: path, ledger: ledger)
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
                try rebuild(path: path, ledger: ledger)
                return try HistoryDatabase(path: path)
            default:
                throw error
            }
        }
    }
}
