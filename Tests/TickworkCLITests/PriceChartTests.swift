import Alpaca
import StrategyKit
import Testing
import Wire

@testable import TickworkCLI

/// The day chart's SVG: what is drawn where, from integer prices.
@Suite(.timeLimit(.minutes(10))) struct PriceChartTests {
    func bar(_ minute: Int, close: String, volume: Int64) -> AlpacaBar {
        let price = Price(dollars: close) ?? .zero
        return AlpacaBar(
            time: Timestamp(iso8601: "2026-12-01T14:\(30 + minute):00Z") ?? .zero, open: price, high: price, low: price, close: price,
            volume: volume, tradeCount: 1)
    }

    @Test func priceLineVolumeAndPreviousCloseArePlaced() {
        let chart = PriceChart(
            symbol: "AAPL", bars: [bar(0, close: "100.00", volume: 10), bar(1, close: "102.00", volume: 40), bar(2, close: "101.00", volume: 20)],
            previousClose: Price(dollars: "99.00"))
        let svg = chart.svg()
        // High 102 at the top (y 40), previous close 99 at the bottom (y 340); three slots of
        // the 710 pixels from x 70, each point in the middle of its slot.
        #expect(svg.contains(#"points="188,240 425,40 661,140""#))
        #expect(svg.contains(#"<line class="previous-close" x1="70" y1="340" x2="780" y2="340""#))
        #expect(svg.contains("stroke=\"#1a7f37\""))  // up on the previous close: green
        #expect(svg.contains("AAPL 101.00 (+2.00 vs previous close)"))
        #expect(svg.components(separatedBy: #"class="volume""#).count == 4)
        #expect(svg.contains(#"x="308" y="360" width="235" height="80""#))  // the largest volume fills its band
        #expect(svg.contains(#"x="71" y="420" width="235" height="20""#))
        #expect(!svg.contains("<script"))
    }

    @Test func downDayIsRedAndAnEmptyDaySaysSo() {
        let down = PriceChart(symbol: "AAPL", bars: [bar(0, close: "100.00", volume: 1)], previousClose: Price(dollars: "101.00")).svg()
        #expect(down.contains("stroke=\"#cf222e\"") && down.contains("-1.00 vs previous close"))
        let empty = PriceChart(symbol: "A<B", bars: [], previousClose: nil).svg()
        #expect(empty.contains("A&lt;B: no bars for this day"))
    }
}
