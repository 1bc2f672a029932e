import Ledger
import StrategyKit

/// Inserts a transaction's fills, `rowsPerStatement` to one statement where it can: SQLite's
/// cost per statement run (opening the table's cursors, starting and halting the statement) is then
/// paid once per group rather than once per fill. A fill whose sequence number is above every
/// one the table held, and above the fill before it, cannot be held, and joins the group; any
/// other goes alone through `INSERT OR IGNORE`, after the group, so that the same entries twice
/// still give the same rows.
///
/// A fill's texts are copied into one buffer of the inserter's and bound where they are
/// (`SQLITE_STATIC`), rather than each copied by SQLite into an allocation of its own.
final class FillInserter {
    /// Fills per multi-row statement: 32 × 18 parameters, well under SQLite's limit of 32,766.
    static let rowsPerStatement = 32

    private let single: SQLiteStatement
    private let group: SQLiteStatement
    /// Every sequence number above this is known not to be held (the table's last, then the
    /// last fill taken).
    private var newAbove: UInt64
    /// The fills taken for the group statement, not yet run.
    private var pending: [(entry: LedgerEntry, realized: Money, day: String)] = []
    /// The checksum's digits, one buffer for every fill.
    private var checksum: [UInt8] = []
    /// The texts the statement being bound is bound to, in place; grown only before binding.
    private var texts = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 1)
    /// The bytes of `texts` the statement being bound uses.
    private var textsUsed = 0

    /// An inserter into `database`, whose fills table holds sequence numbers up to `held`.
    /// The caller holds a transaction and calls `finish(in:)` before it ends.
    init(_ database: HistoryDatabase, held: UInt64) throws(HistoryError) {
        single = try database.connection.statement(Self.insertSQL(rows: 1), during: .insert(table: "fills"))
        // OR IGNORE here too, though no row of a group can be held: a statement that may
        // abort part way makes SQLite keep a statement journal, a temporary file written for
        // each page the statement changes (system time that dominated a large load).
        group = try database.connection.statement(
            Self.insertSQL(rows: Self.rowsPerStatement), during: .insert(table: "fills"))
        newAbove = held
        pending.reserveCapacity(Self.rowsPerStatement)
        checksum.reserveCapacity(16)
    }

    deinit {
        // The statements are cached by the connection: nothing of them may point here after.
        single.reset()
        group.reset()
        texts.deallocate()
    }

    /// Adds the fill of `entry` (which realized `realized`, on UTC day `day`); false, and
    /// nothing changed, when its sequence number is already held. A fill taken for the group
    /// is in the table once `finish(in:)` has returned.
    func insert(_ entry: LedgerEntry, realized: Money, day: String, in database: HistoryDatabase) throws(HistoryError) -> Bool {
        if entry.sequence > newAbove {
            newAbove = entry.sequence
            pending.append((entry, realized, day))
            if pending.count == Self.rowsPerStatement {
                makeRoomForTexts(bytes: pending.reduce(0) { $0 + Self.textBytes(of: $1.entry, day: $1.day) })
                for (row, fill) in pending.enumerated() {
                    bind(fill.entry, realized: fill.realized, day: fill.day, to: group, from: Int32(row) * Self.columns)
                }
                try group.run()
                group.rewind()
                guard database.connection.changes == Self.rowsPerStatement else {
                    throw .insert(
                        table: "fills", message: "a group of fills above every held sequence was not wholly new (seq \(newAbove) last)",
                        code: 0)
                }
                pending.removeAll(keepingCapacity: true)
            }
            return true
        }
        try finish(in: database)
        return try insertAlone(entry, realized: realized, day: day, in: database)
    }

    /// Inserts the fills taken for a group that did not fill up.
    func finish(in database: HistoryDatabase) throws(HistoryError) {
        for fill in pending {
            _ = try insertAlone(fill.entry, realized: fill.realized, day: fill.day, in: database)
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func insertAlone(
        _ entry: LedgerEntry, realized: Money, day: String, in database: HistoryDatabase
    ) throws(HistoryError) -> Bool {
        makeRoomForTexts(bytes: Self.textBytes(of: entry, day: day))
        bind(entry, realized: realized, day: day, to: single, from: 0)
        try single.run()
        single.rewind()
        return database.connection.changes == 1
    }

    /// Parameters per fill: `HistoryFill.columns` in order, then the day.
    private static let columns: Int32 = 18

    /// The insert of `rows` fills, skipping any whose sequence is held; fill `r`'s parameters
    /// are `r * columns + 1` on.
    static func insertSQL(rows: Int) -> String {
        let values = (0..<Int32(rows)).map { row in
            let first = row * columns
            let numbers = [1, 2, 18] + Array(3...17)
            return "(" + numbers.map { "?\(first + Int32($0))" }.joined(separator: ", ") + ")"
        }
        return """
            INSERT OR IGNORE INTO fills(seq, time_ns, day, venue, account, symbol, order_id, fill_index, side,
                price_units, qty_shares, strategy, reconciled, position_after_shares, cash_after_units, realized_after_units,
                realized_units, checksum)
            VALUES \(values.joined(separator: ", "))
            """
    }

    /// The bytes of the texts `bind` binds for `entry`'s fill on day `day`.
    private static func textBytes(of entry: LedgerEntry, day: String) -> Int {
        let fill = entry.fill
        return fill.venue.rawValue.utf8.count + fill.account.rawValue.utf8.count + fill.symbol.rawValue.utf8.count
            + fill.side.rawValue.utf8.count + fill.strategyID.rawValue.utf8.count + day.utf8.count + 16  // the checksum's sixteen digits
    }

    /// Grows `texts` to hold `bytes`, and starts it over.
    private func makeRoomForTexts(bytes: Int) {
        textsUsed = 0
        guard bytes > texts.count else { return }
        texts.deallocate()
        texts = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes * 2, alignment: 1)
    }

    /// Binds the values of `entry`'s row (those of `HistoryFill.values`, then the day) to the
    /// parameters after `offset`, one by one, so that no array or string is made per fill; its
    /// texts are copied into `texts` (which `makeRoomForTexts` made room in) and bound there.
    private func bind(_ entry: LedgerEntry, realized: Money, day: String, to insert: SQLiteStatement, from offset: Int32) {
        let fill = entry.fill
        func bind(_ text: String, at index: Int32) {
            var text = text
            text.withUTF8 { insert.bind(inPlace: place($0), at: index) }
        }
        insert.bind(Int64(entry.sequence), at: offset + 1)
        insert.bind(fill.time.nanoseconds, at: offset + 2)
        bind(fill.venue.rawValue, at: offset + 3)
        bind(fill.account.rawValue, at: offset + 4)
        bind(fill.symbol.rawValue, at: offset + 5)
        insert.bind(fill.orderID.rawValue, at: offset + 6)
        insert.bind(Int64(fill.index), at: offset + 7)
        bind(fill.side.rawValue, at: offset + 8)
        insert.bind(fill.price.units, at: offset + 9)
        insert.bind(fill.qty.shares, at: offset + 10)
        bind(fill.strategyID.rawValue, at: offset + 11)
        insert.bind(entry.reconciled ? 1 : 0, at: offset + 12)
        insert.bind(entry.positionAfter.shares, at: offset + 13)
        insert.bind(entry.cashAfter.units, at: offset + 14)
        insert.bind(entry.realizedAfter.units, at: offset + 15)
        insert.bind(realized.units, at: offset + 16)
        checksum.removeAll(keepingCapacity: true)
        entry.checksum.appendHex(to: &checksum)
        checksum.withUnsafeBufferPointer { insert.bind(inPlace: place($0), at: offset + 17) }
        bind(day, at: offset + 18)
    }

    /// `bytes` copied to the next free bytes of `texts`.
    private func place(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeRawBufferPointer {
        let start = texts.baseAddress! + textsUsed
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        textsUsed += bytes.count
        return UnsafeRawBufferPointer(start: start, count: bytes.count)
    }
}
