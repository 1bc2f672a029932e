import StrategyKit
import Wire

/// The price `text` names in decimal dollars, whatever `Price`'s unit: the tests state prices
/// as the API does, so that they hold across a change of the unit.
func dollars(_ text: String) -> Price {
    guard let price = Price(dollars: text) else { preconditionFailure("\(text) is not a price") }
    return price
}

/// The amount of money `text` names in decimal dollars, whatever the unit.
func money(_ text: String) -> Money {
    guard let value = FixedPoint.parse(text, scale: Price.decimalPlaces) else { preconditionFailure("\(text) is not money") }
    return Money(units: value)
}
