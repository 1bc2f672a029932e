import StrategyKit

/// A stock a venue lists: its symbol and its company's name, as the stocks call reports them.
public struct ListedStock: Sendable, Hashable {
    public var symbol: Symbol
    /// The company's name, e.g. `Foreign Owned Occluded Bridge Architecture Resources`.
    public var name: String

    /// A stock with this symbol and company name.
    public init(symbol: Symbol, name: String) {
        self.symbol = symbol
        self.name = name
    }

    /// A stock named after its symbol, one word per character in the way StockFighter named its
    /// companies (`ABC` gives `Architecture Bridge Consolidated`); the same symbol always gets the
    /// same name.
    public init(symbol: Symbol) {
        let words: [Character: String] = [
            "A": "Architecture", "B": "Bridge", "C": "Consolidated", "D": "Dynamics", "E": "Enterprises",
            "F": "Foreign", "G": "Global", "H": "Holdings", "I": "Industries", "J": "Joint", "K": "Kinetic",
            "L": "Logistics", "M": "Mutual", "N": "Networks", "O": "Owned", "P": "Partners", "Q": "Quantum",
            "R": "Resources", "S": "Systems", "T": "Technologies", "U": "United", "V": "Ventures", "W": "Works",
            "X": "Xenon", "Y": "Yield", "Z": "Zenith",
        ]
        let name = symbol.rawValue.map { words[$0] ?? "Number \($0)" }.joined(separator: " ")
        self.init(symbol: symbol, name: name)
    }
}
