import CommandLineKit
import StrategyKit

extension ValueParser {
    /// A name as given: a venue, symbol, account or strategy id.
    static func name<Kind>() -> ValueParser<Value> where Value == Name<Kind> {
        ValueParser { Name($0) }
    }
}
