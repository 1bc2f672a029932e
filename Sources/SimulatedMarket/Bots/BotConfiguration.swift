import StrategyKit

/// How many bots trade each symbol and how busily. The default (four bots per symbol, intensity
/// 100, stepped every 100 ms) gives several trades a second on each symbol.
public struct BotConfiguration: Hashable, Sendable {
    /// Market makers per symbol: they quote a few levels on both sides around the fair value.
    public var makersPerSymbol: Int
    /// Takers per symbol: now and then they cross the spread with immediate-or-cancel or market
    /// orders, leaning toward the fair value.
    public var takersPerSymbol: Int
    /// The pace of requotes and taker orders in percent of the default; 0 stops all trading.
    public var intensity: Int
    /// The fair value of the first symbol at the start; each further symbol starts up to 20% away.
    public var startPrice: Price
    /// The largest move of a fair value in one step.
    public var volatility: Price
    /// Beyond this position a maker quotes only the side that reduces it.
    public var makerPositionLimit: Quantity
    /// The largest quote a maker shows at one price; quotes are drawn in tenths of it.
    public var makerQuoteSize: Quantity
    /// The distances, in cents, from the fair value to a maker's first quotes; each maker draws
    /// its own from this range once.
    public var makerHalfSpread: ClosedRange<Int64>
    /// The largest order a taker sends.
    public var takerMaxSize: Quantity
    /// Bulldozers per symbol: now and then a burst of sweeps in one direction (`BulldozerBot`).
    public var bulldozersPerSymbol = 0
    /// The largest sweep a bulldozer sends; each is a third of it to all of it.
    public var bulldozerMaxSize: Quantity = 3_000
    /// Momentum chasers per symbol: they buy into a sharp rise (sell into a sharp fall) until it
    /// stalls, then dump what they hold (`ChaserBot`).
    public var chasersPerSymbol = 0
    /// The most a chaser holds either way in a run.
    public var chaserMaxSize: Quantity = 1_000
    /// The percentage of the gap between the last trade and the fair value that the fair value
    /// closes each step: at 0 the fair value ignores the tape; above it, the market's value
    /// follows what trades, so that a run of buying lifts it.
    public var tapeFollowPercent: Int64 = 0
    /// The part of the gap between the last trade and the fair value, in cents, that
    /// `tapeFollowPercent` leaves alone: trades within it of the fair value (the quiet market's
    /// own, across the makers' spread) do not move it; a push beyond it does.
    public var tapeFollowDeadband: Int64 = 0
    /// The percentage of the gap between the fair value and its start that the fair value closes
    /// each step (rounded toward zero, so that it pulls only on a gap of 100 / this cents or more).
    public var valuePullPercent: Int64 = 0
    /// An insider trading each symbol besides the makers and takers, or nil for none.
    public var insider: InsiderConfiguration?
    /// Whether the bots' account names are drawn from the seed (three letters and six digits,
    /// like any trader's) rather than numbered by role (`MMB000001`, `TKB000001`): a level that
    /// asks who is who must not give the answer away in the names.
    public var drawsAccountNames = false

    /// `bots` bots per symbol, half of them (rounded up) market makers and the rest takers; at
    /// least two are needed for trades to happen.
    public init(
        bots: Int = 4, intensity: Int = 100, startPrice: Price = 5_000, volatility: Price = 2,
        makerPositionLimit: Quantity = 1_000, makerQuoteSize: Quantity = 100, makerHalfSpread: ClosedRange<Int64> = 2...6,
        takerMaxSize: Quantity = 50
    ) {
        precondition(bots >= 0 && intensity >= 0 && startPrice.units > 0 && volatility.units >= 0)
        precondition(makerQuoteSize.shares >= 10 && makerHalfSpread.lowerBound >= 1 && takerMaxSize.shares >= 1)
        makersPerSymbol = (bots + 1) / 2
        takersPerSymbol = bots / 2
        self.intensity = intensity
        self.startPrice = startPrice
        self.volatility = volatility
        self.makerPositionLimit = makerPositionLimit
        self.makerQuoteSize = makerQuoteSize
        self.makerHalfSpread = makerHalfSpread
        self.takerMaxSize = takerMaxSize
    }

    /// The chance per step, in millionths, that a maker requotes.
    var requoteChance: Int64 { min(1_000_000, 300_000 * Int64(intensity) / 100) }
    /// The chance per step, in millionths, that a taker sends an order.
    var takeChance: Int64 { min(1_000_000, 250_000 * Int64(intensity) / 100) }
}
