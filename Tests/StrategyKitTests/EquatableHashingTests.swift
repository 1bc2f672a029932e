import StrategyKit
import Testing

/// `==` and `hash(into:)` of the hot value types are written out (to be inlinable); they must
/// agree with each other and hash as the synthesized conformances they replace did.
@Suite(.timeLimit(.minutes(10))) struct EquatableHashingTests {
    func hash(_ value: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(value)
        return hasher.finalize()
    }

    func hashOf(_ combine: (inout Hasher) -> Void) -> Int {
        var hasher = Hasher()
        combine(&hasher)
        return hasher.finalize()
    }

    @Test func numbersCompareAndHashByTheirOneField() {
        #expect(Price(cents: 5_100) == 5_100 && Price(cents: 5_100) != 5_101)
        #expect(Quantity(shares: 7) == 7 && Quantity(shares: 7) != -7)
        #expect(Money(cents: -5) == -5 && Money(cents: -5) != 5)
        #expect(Timestamp(nanoseconds: 1) == Timestamp(nanoseconds: 1) && Timestamp(nanoseconds: 1) != .zero)
        #expect(hash(Price(cents: 5_100)) == hashOf { $0.combine(Int64(510_000)) })
        #expect(hash(Quantity(shares: 7)) == hashOf { $0.combine(Int64(7)) })
        #expect(hash(Money(cents: -5)) == hashOf { $0.combine(Int64(-500)) })
        #expect(hash(Timestamp(nanoseconds: 1)) == hashOf { $0.combine(Int64(1)) })
    }

    @Test func identifiersCompareAndHashByTheirRawValue() {
        let symbol: Symbol = "FOOBAR"
        #expect(symbol == Symbol("FOOBAR") && symbol != "FOOBAZ")
        #expect(OrderID(3) == 3 && OrderID(3) != 4)
        #expect(hash(symbol) == hashOf { $0.combine("FOOBAR") })
        #expect(hash(OrderID(3)) == hashOf { $0.combine(Int64(3)) })
        #expect(Set<Symbol>(["A", "B", "A"]).count == 2)
    }

    @Test func sidesCompareByCaseAndHashByRawValue() {
        #expect(Side.buy == .buy && Side.sell == .sell && Side.buy != .sell && Side.sell != .buy)
        #expect(hash(Side.buy) == hashOf { $0.combine("buy") })
        #expect(hash(Side.sell) == hashOf { $0.combine("sell") })
    }

    @Test func bookEntriesCompareAndHashEveryField() {
        let entry = BookEntry(price: 5_100, qty: 10, isBuy: true)
        #expect(entry == BookEntry(price: 5_100, qty: 10, isBuy: true))
        #expect(entry != BookEntry(price: 5_101, qty: 10, isBuy: true))
        #expect(entry != BookEntry(price: 5_100, qty: 11, isBuy: true))
        #expect(entry != BookEntry(price: 5_100, qty: 10, isBuy: false))
        #expect(hash(entry) == hashOf { $0.combine(Price(cents: 5_100)); $0.combine(Quantity(shares: 10)); $0.combine(true) })
    }
}
