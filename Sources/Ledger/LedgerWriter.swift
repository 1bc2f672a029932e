import FoundationEssentials
import Glibc
import Lifecycle
import StrategyKit
import SystemIO

/// The fill ledger of one venue and account, open for appending: the book of record.
///
/// Opening checks every line and rebuilds the holdings (`state`); a torn last line is cut off
/// and reported in `warnings`, any other bad line refuses the open. Only one `LedgerWriter` (in any
/// process) can have a file open at a time. All methods may be called from any thread. Call
/// `close()` when done: it makes everything durable and, under `.batch`, stops the sync thread.
public final class LedgerWriter: @unchecked Sendable {
    /// The ledger's file.
    public let path: String
    /// The venue every line names.
    public let venue: Venue
    /// The account every line names.
    public let account: Account
    /// When appends reach the disk.
    public let durability: LedgerDurability
    /// What opening repaired, for the caller to log; empty when nothing needed repair.
    public let warnings: [LedgerWarning]

    // Everything below is guarded by `condition`'s lock.
    let condition = ConditionLock()
    var fd: Int32
    var current: LedgerState
    /// Encoded lines not yet written (under `.batch`, until the next group commit).
    var unwritten: [UInt8] = []
    var fileLength: Int64
    var durable: UInt64
    var oldestPending: ContinuousClock.Instant?
    var failure: LedgerError?
    var isClosed = false
    var syncThreadRunning = false
    let onDurable: (@Sendable (UInt64) -> Void)?

    /// Opens the ledger at `path` for `venue` and `account`, creating it (and its directory) when
    /// missing, and makes the lines it holds durable before counting them as such.
    ///
    /// Throws `.corrupt` naming the first bad line when any line but a torn last one breaks the
    /// format, `.wrongLedger` when the lines name another venue or account, `.locked` when
    /// another writer has the file open. `onDurable`, when given, is called (on the sync thread
    /// under `.batch`, on the appending thread otherwise) with the highest sequence number that
    /// has become durable. `fileSystem` makes the calls that create and sync directories and
    /// sync the lines found (tests pass one that records them).
    public init(
        path: String, venue: Venue, account: Account, durability: LedgerDurability = .always,
        onDurable: (@Sendable (UInt64) -> Void)? = nil, fileSystem: any FileSystem = SystemFileSystem()
    ) throws(LedgerError) {
        if case .batch(let delay, let fills) = durability {
            precondition(delay > .zero && fills > 0, "a batch policy needs a positive delay and fill count")
        }
        let fd = try LedgerFile.openForAppending(path, fileSystem: fileSystem)
        let scan: LedgerScan
        var warnings: [LedgerWarning] = []
        do throws(LedgerError) {
            scan = try LedgerScan.run(fd: fd, path: path)
            if let fault = scan.fault {
                guard scan.faultIsTornTail else {
                    throw LedgerError.corrupt(path: path, line: fault.line, offset: fault.offset, fault: fault.fault)
                }
                try LedgerFile.truncate(fd, to: scan.goodEnd, path: path)
                warnings.append(.tornTailCut(
                    path: path, line: fault.line, offset: fault.offset, bytes: scan.bytesRead - scan.goodEnd,
                    fault: fault.fault))
            }
            let state = scan.scanner.state
            if let foundVenue = state.venue, let foundAccount = state.account,
               foundVenue != venue || foundAccount != account {
                throw LedgerError.wrongLedger(
                    path: path, expected: "venue \(venue) account \(account)",
                    found: "venue \(foundVenue) account \(foundAccount)")
            }
            // Lines found may sit only in the page cache (written by a process that died before
            // syncing): they count as durable only once synced.
            if scan.goodEnd > 0 {
                do throws(SystemCallError) {
                    try fileSystem.fsync(fd, path: path)
                } catch {
                    throw LedgerError(error)
                }
            }
        } catch {
            FileLock.release(fd)
            throw error
        }
        self.path = path
        self.venue = venue
        self.account = account
        self.durability = durability
        self.warnings = warnings
        self.onDurable = onDurable
        self.fd = fd
        current = scan.scanner.state
        fileLength = scan.goodEnd
        durable = current.lastSequence
        unwritten.reserveCapacity(LedgerWriter.writeChunk + 1024)
        if case .batch = durability { startSyncThread() }
    }

    deinit {
        if !isClosed { FileLock.release(fd) }
    }

    /// What the ledger's lines add up to now: holdings per strategy and symbol, totals per
    /// symbol, the last sequence number and checksum, the recorded fills.
    public var state: LedgerState {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// The highest sequence number known to be on disk.
    public var durableSequence: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return durable
    }

    /// Whether the ledger already records `fill`.
    public func contains(_ fill: FillID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return current.sequence(of: fill) != nil
    }

    /// Throws `.full` when the ledger's file system has fewer than `bytes` bytes free for this
    /// process: room for a few lines. A daemon asks before trading, since a fill it cannot book
    /// must not happen. (A file-size limit, RLIMIT_FSIZE, is not looked at.)
    public func requireRoom(_ bytes: Int64 = 4096) throws(LedgerError) {
        condition.lock()
        defer { condition.unlock() }
        let available = try LedgerFile.available(fd, path: path)
        if available < bytes { throw .full(path: path, available: available, needed: bytes) }
    }

    /// Makes every appended fill durable, stops the sync thread and closes the file. Appends
    /// after this throw `.unusable`. Closing twice does nothing more.
    public func close() throws(LedgerError) {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return }
        isClosed = true
        condition.broadcast()
        while syncThreadRunning { condition.wait() }
        let last = current.lastSequence
        var syncError: LedgerError?
        if failure == nil, durable < last {
            do throws(LedgerError) {
                try LedgerFile.sync(fd, path: path)
                durable = last
            } catch {
                syncError = error
            }
        }
        FileLock.release(fd)
        if let error = syncError ?? failure { throw error }
    }
}
