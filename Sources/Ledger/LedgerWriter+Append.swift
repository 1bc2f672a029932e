import FoundationEssentials
import Glibc
import StrategyKit

/// What `LedgerWriter.append` did with a fill.
public enum AppendOutcome: Hashable, Sendable {
    /// The fill was written as line `entry.sequence`. `durable` is true when it is already on
    /// disk (always so under `.always`); otherwise `LedgerWriter.waitUntilDurable(_:)` waits for it.
    case appended(LedgerEntry, durable: Bool)
    /// The ledger already holds this fill (same venue, order id and fill index) at `sequence`;
    /// nothing was written.
    case alreadyRecorded(sequence: UInt64)
}

extension LedgerWriter {
    /// Appends `fill` as the next line, with the position, cash and realized P&L of its
    /// strategy in its symbol after it; `reconciled` marks a fill found by start-up
    /// reconciliation with the exchange rather than seen live.
    ///
    /// A fill the ledger already holds is not written again (`.alreadyRecorded`). Throws
    /// `.unrecordable` for a fill of another venue or account or with numbers the format cannot
    /// hold, `.system` when the write or sync fails, and `.unusable` after a failure or `close()`.
    public func append(_ fill: Fill, reconciled: Bool = false) throws(LedgerError) -> AppendOutcome {
        condition.lock()
        var syncedTo: UInt64?
        defer {
            condition.unlock()
            if let syncedTo { onDurable?(syncedTo) }
        }
        if let failure { throw .unusable(path: path, reason: "an earlier operation failed: \(failure)") }
        guard !isClosed else { throw .unusable(path: path, reason: "closed") }
        guard fill.venue == venue, fill.account == account else {
            throw .unrecordable(fill.id, .foreignLine(venue: fill.venue, account: fill.account))
        }
        if let fault = LedgerState.valueFault(of: fill) { throw .unrecordable(fill.id, fault) }
        if let earlier = current.sequence(of: fill.id) { return .alreadyRecorded(sequence: earlier) }
        guard let update = current.update(after: fill) else {
            throw .unrecordable(fill.id, .badValue(field: "qty", why: "price and quantity overflow the running totals"))
        }
        var entry = LedgerEntry(
            sequence: current.lastSequence + 1, fill: fill, reconciled: reconciled,
            positionAfter: update.holding.position.quantity, cashAfter: update.holding.cash,
            realizedAfter: update.holding.position.realizedPnL, previousChecksum: current.lastChecksum,
            checksum: .origin)
        if case .batch = durability {
            // Lines wait in `unwritten` for the group commit, which writes them with one write(2).
            entry.encode(appendingTo: &unwritten)
        } else {
            unwritten.removeAll(keepingCapacity: true)
            entry.encode(appendingTo: &unwritten)
            try writeUnwritten(linesAreRecorded: false)
        }
        let earlier = current.recordFill(order: fill.orderID.rawValue, index: fill.index, at: entry.sequence)
        precondition(earlier == nil, "a recorded fill was checked for above")
        current.commit(update, sequence: entry.sequence, checksum: entry.checksum, origin: (venue, account))
        switch durability {
        case .always:
            try syncNow()
            syncedTo = entry.sequence
            return .appended(entry, durable: true)
        case .batch(_, let maxFills):
            if unwritten.count >= LedgerWriter.writeChunk { try writeUnwritten(linesAreRecorded: true) }
            let waiting = entry.sequence - durable
            if waiting == 1 { oldestPending = .now }
            if waiting == 1 || waiting >= UInt64(maxFills) { condition.broadcast() }
            return .appended(entry, durable: false)
        case .never:
            return .appended(entry, durable: false)
        }
    }

    /// Blocks until the line with sequence number `sequence` is durable. Under `.never` it syncs
    /// at once. Throws the failure that stopped the ledger from syncing, if one did.
    public func waitUntilDurable(_ sequence: UInt64) throws(LedgerError) {
        condition.lock()
        defer { condition.unlock() }
        precondition(sequence <= current.lastSequence, "no line \(sequence) has been appended")
        while durable < sequence {
            if let failure { throw failure }
            if durability == .never {
                try syncNow()
            } else if isClosed {
                throw .unusable(path: path, reason: "closed")
            } else {
                condition.wait()
            }
        }
    }

    /// How many bytes of lines a batch ledger holds back before writing them.
    static let writeChunk = 1 << 16

    /// Writes `unwritten` at the end of the file and empties it. On failure it cuts the file
    /// back so that no partial line stays behind; when the lines are already in `current`
    /// (`linesAreRecorded`) the ledger is marked failed, since file and state now disagree.
    /// Called with the lock held.
    func writeUnwritten(linesAreRecorded: Bool) throws(LedgerError) {
        do throws(LedgerError) {
            try LedgerFile.writeAll(fd, unwritten, path: path)
        } catch {
            if ftruncate(fd, off_t(fileLength)) != 0 || linesAreRecorded { failure = error }
            condition.broadcast()
            throw error
        }
        fileLength += Int64(unwritten.count)
        unwritten.removeAll(keepingCapacity: true)
    }

    /// Syncs everything written so far. Called with the lock held.
    func syncNow() throws(LedgerError) {
        let last = current.lastSequence
        do throws(LedgerError) {
            try LedgerFile.sync(fd, path: path)
        } catch {
            failure = error
            condition.broadcast()
            throw error
        }
        durable = last
    }
}
