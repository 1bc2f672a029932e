import StrategyKit

/// Values by symbol for the handful of symbols a backtest trades: a list searched by name, which
/// at that size beats hashing the name on every book. Keeps the order symbols were first set in.
struct SymbolMap<Value: Sendable>: Sendable {
    private var entries: [(symbol: Symbol, value: Value)] = []

    subscript(symbol: Symbol) -> Value? {
        get {
            for entry in entries where entry.symbol == symbol { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.symbol == symbol }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((symbol, value))
            case (nil, nil): break
            }
        }
    }

    /// The values, in the order their symbols were first set.
    var values: some Sequence<Value> { entries.lazy.map(\.value) }

    /// Every symbol with its value.
    var pairs: some Sequence<(symbol: Symbol, value: Value)> { entries }

    /// The same values in a dictionary.
    var dictionary: [Symbol: Value] { Dictionary(uniqueKeysWithValues: entries.map { ($0.symbol, $0.value) }) }
}
