import StrategyKit

/// Named watch lists, each an ordered list of symbols without repeats. Pure edits; the file they
/// live in is `WatchListStore`'s.
public struct WatchLists: Sendable, Hashable {
    /// The list used when none is named.
    public static let defaultName = "default"

    /// Why an edit was refused.
    public enum EditError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The symbol is not on the list.
        case notListed(Symbol, list: String)
        /// `--to N` is outside 1...count.
        case positionOutOfRange(Int, count: Int)

        public var description: String {
            switch self {
            case .notListed(let symbol, let list): return "\(symbol.rawValue) is not on the watch list \(list)"
            case .positionOutOfRange(let position, let count): return "position \(position) is outside 1...\(count)"
            }
        }
    }

    /// The lists by name; a list emptied of its last symbol stays (empty).
    public private(set) var lists: [String: [Symbol]]

    /// Lists as given.
    public init(lists: [String: [Symbol]] = [:]) {
        self.lists = lists
    }

    /// The symbols of `list`, in order (none for a list never made).
    public func symbols(_ list: String) -> [Symbol] {
        lists[list] ?? []
    }

    /// Appends the symbols `list` does not have yet, in order; returns those added.
    @discardableResult
    public mutating func add(_ symbols: [Symbol], to list: String) -> [Symbol] {
        var current = lists[list] ?? []
        var added: [Symbol] = []
        for symbol in symbols where !current.contains(symbol) {
            current.append(symbol)
            added.append(symbol)
        }
        lists[list] = current
        return added
    }

    /// Removes `symbols` from `list`; throws for one it does not hold, changing nothing.
    public mutating func remove(_ symbols: [Symbol], from list: String) throws(EditError) {
        let current = lists[list] ?? []
        if let missing = symbols.first(where: { !current.contains($0) }) { throw .notListed(missing, list: list) }
        lists[list] = current.filter { !symbols.contains($0) }
    }

    /// Moves `symbol` to the 1-based `position` of `list`.
    public mutating func move(_ symbol: Symbol, to position: Int, in list: String) throws(EditError) {
        var current = lists[list] ?? []
        guard let from = current.firstIndex(of: symbol) else { throw .notListed(symbol, list: list) }
        guard (1...current.count).contains(position) else { throw .positionOutOfRange(position, count: current.count) }
        current.remove(at: from)
        current.insert(symbol, at: position - 1)
        lists[list] = current
    }

    /// Moves `symbol` just before `other` in `list`.
    public mutating func move(_ symbol: Symbol, before other: Symbol, in list: String) throws(EditError) {
        var current = lists[list] ?? []
        guard current.contains(symbol) else { throw .notListed(symbol, list: list) }
        guard current.contains(other) else { throw .notListed(other, list: list) }
        guard symbol != other else { return }
        current.removeAll { $0 == symbol }
        current.insert(symbol, at: current.firstIndex(of: other)!)
        lists[list] = current
    }
}
