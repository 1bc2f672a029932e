import StrategyKit

extension Array where Element == BookEntry {
    /// Whether `self` and `other` are one storage (so the same entries while either is held);
    /// never for empty arrays, which all share one storage.
    func sharesStorage(with other: [BookEntry]) -> Bool {
        !isEmpty && count == other.count
            && withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
