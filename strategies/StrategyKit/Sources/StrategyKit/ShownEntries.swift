/// The entries of one side of a `BookView`'s `shown` book, best first, read from the book's side
/// and our entries beside it without building the merged array: each of ours comes after the
/// book's entries at its price or better (so after those at its price, as a later order would).
/// It reads both sides in place, through buffers its user holds open.
struct ShownEntries: IteratorProtocol {
    let recorded: UnsafeBufferPointer<BookEntry>
    let own: UnsafeBufferPointer<BookEntry>
    let isBuy: Bool
    var nextRecorded = 0
    var nextOwn = 0

    init(_ recorded: UnsafeBufferPointer<BookEntry>, _ own: UnsafeBufferPointer<BookEntry>, isBuy: Bool) {
        self.recorded = recorded
        self.own = own
        self.isBuy = isBuy
    }

    /// The next entry, nil after the last.
    mutating func next() -> BookEntry? {
        if nextRecorded < recorded.count {
            let entry = recorded[nextRecorded]
            if nextOwn == own.count || (isBuy ? entry.price >= own[nextOwn].price : entry.price <= own[nextOwn].price) {
                nextRecorded += 1
                return entry
            }
        }
        guard nextOwn < own.count else { return nil }
        nextOwn += 1
        return own[nextOwn - 1]
    }
}
