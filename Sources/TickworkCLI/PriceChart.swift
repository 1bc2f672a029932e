import Alpaca
import Reports
import StrategyKit

/// A day's intraday chart as a trading app shows it: the price line of the bars' closes, the
/// volume as bars underneath, and the previous close as a dashed reference line; green when the
/// last close is at or above the previous close, red below. Self-contained SVG: no script, no
/// font or style from the network. Coordinates are integer arithmetic on prices in the SDK's unit.
struct PriceChart {
    var symbol: Symbol
    /// The day's bars, oldest first.
    var bars: [AlpacaBar]
    /// The previous session's close, if known.
    var previousClose: Price?

    static let width: Int64 = 800
    static let priceTop: Int64 = 40
    static let priceHeight: Int64 = 300
    static let volumeTop: Int64 = 360
    static let volumeHeight: Int64 = 80
    static let left: Int64 = 70
    static let right: Int64 = 20
    static var height: Int64 { volumeTop + volumeHeight + 30 }

    /// The chart as an SVG document.
    func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        var svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Self.width)" height="\##(Self.height)" viewBox="0 0 \##(Self.width) \##(Self.height)" font-family="sans-serif" font-size="12">"##
        svg += "\n" + ##"<rect width="100%" height="100%" fill="#ffffff"/>"##
        guard let first = bars.first, let last = bars.last else {
            return svg + "\n" + ##"<text x="\##(Self.left)" y="\##(Self.priceTop)">\##(SVGChart.escape(symbol.rawValue)): no bars for this day</text>"## + "\n</svg>\n"
        }
        var low = bars.map(\.low.units).min() ?? 0, high = bars.map(\.high.units).max() ?? 0
        if let previousClose {
            low = min(low, previousClose.units)
            high = max(high, previousClose.units)
        }
        if high == low { high += 1 }
        let maxVolume = max(1, bars.map(\.volume).max() ?? 1)
        let count = Int64(bars.count)
        // Each bar has a slot of the plot's width; its price point and volume bar sit in the middle.
        func x(_ index: Int) -> Int64 { Self.left + (2 * Int64(index) + 1) * plotWidth / (2 * count) }
        func y(_ units: Int64) -> Int64 { Self.priceTop + (high - units) * Self.priceHeight / (high - low) }
        let up = previousClose.map { last.close >= $0 } ?? (last.close >= first.open)
        let color = up ? "#1a7f37" : "#cf222e"
        let change = previousClose.map { last.close.units - $0.units }
        var title = "\(symbol) \(last.close)"
        if let change { title += " (\(change >= 0 ? "+" : "-")\(Price(units: abs(change))) vs previous close)" }
        svg += "\n" + ##"<text x="\##(Self.left)" y="24" font-size="16" font-weight="bold">\##(SVGChart.escape(title))</text>"##
        svg += "\n" + ##"<text x="\##(Self.left - 6)" y="\##(Self.priceTop + 4)" text-anchor="end">\##(Price(units: high))</text>"##
        svg += "\n" + ##"<text x="\##(Self.left - 6)" y="\##(Self.priceTop + Self.priceHeight + 4)" text-anchor="end">\##(Price(units: low))</text>"##
        if let previousClose {
            let level = y(previousClose.units)
            svg += "\n" + ##"<line class="previous-close" x1="\##(Self.left)" y1="\##(level)" x2="\##(Self.width - Self.right)" y2="\##(level)" stroke="#888888" stroke-dasharray="4 4"/>"##
            svg += "\n" + ##"<text x="\##(Self.width - Self.right)" y="\##(level - 4)" text-anchor="end" fill="#888888">previous close \##(previousClose)</text>"##
        }
        let points = bars.indices.map { "\(x($0)),\(y(bars[$0].close.units))" }.joined(separator: " ")
        svg += "\n" + ##"<polyline class="price" points="\##(points)" fill="none" stroke="\##(color)" stroke-width="2"/>"##
        let barWidth = max(1, plotWidth / max(1, count) - 1)
        for (index, bar) in bars.enumerated() {
            let height = max(1, bar.volume * Self.volumeHeight / maxVolume)
            svg += "\n" + ##"<rect class="volume" x="\##(x(index) - barWidth / 2)" y="\##(Self.volumeTop + Self.volumeHeight - height)" width="\##(barWidth)" height="\##(height)" fill="#8c959f"/>"##
        }
        svg += "\n" + ##"<text x="\##(Self.left)" y="\##(Self.height - 8)">\##(first.time.iso8601.prefix(16))Z</text>"##
        svg += "\n" + ##"<text x="\##(Self.width - Self.right)" y="\##(Self.height - 8)" text-anchor="end">\##(last.time.iso8601.prefix(16))Z</text>"##
        return svg + "\n</svg>\n"
    }

    /// The chart in a self-contained HTML page.
    func html() -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(SVGChart.escape(symbol.rawValue))</title></head>\n<body>\n\(svg())</body></html>\n"
    }
}
