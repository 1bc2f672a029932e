/// What one fill does to a position: the position after it, the profit or loss it realized and
/// the cash it moved. Integer units of $0.0001 throughout. `Position.checkedApplying(_:)` makes one.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since the host and
/// plugins read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct PositionChange: Hashable, Sendable {
    /// The position after the fill.
    public var position: Position
    /// The profit or loss the fill realized by closing shares; zero when it only opened.
    public var realized: Money
    /// The cash the fill moved: negative for a buy, positive for a sell (`Fill.cashFlow`).
    public var cashFlow: Money

    @inlinable
    public init(position: Position, realized: Money, cashFlow: Money) {
        self.position = position
        self.realized = realized
        self.cashFlow = cashFlow
    }
}
