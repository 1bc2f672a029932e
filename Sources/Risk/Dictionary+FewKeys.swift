extension Dictionary {
    /// The most keys `index(comparingFewKeys:)` compares one by one.
    public static var fewKeys: Int { 4 }

    /// `index(forKey: key)`, found by comparing `key` with each key when there are at most
    /// `fewKeys`. The engine's and the checker's dictionaries of positions and marks are keyed by
    /// its handful of strategies and symbols, and hashing a name costs more than comparing it
    /// with a few.
    @inlinable
    public func index(comparingFewKeys key: Key) -> Index? {
        guard count <= Self.fewKeys else { return index(forKey: key) }
        var index = startIndex
        while index != endIndex {
            if self[index].key == key { return index }
            formIndex(after: &index)
        }
        return nil
    }

    /// `self[key]`, found as `index(comparingFewKeys:)` finds it (by iterating, which is
    /// quicker than walking the indices).
    @inlinable
    public func value(comparingFewKeys key: Key) -> Value? {
        guard count <= Self.fewKeys else { return self[key] }
        for (candidate, value) in self where candidate == key {
            return value
        }
        return nil
    }
}
