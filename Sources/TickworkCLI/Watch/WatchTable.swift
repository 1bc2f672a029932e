import StrategyKit
import Wire

/// The live view's table as text (`lines`, fitted to a width, with ANSI colour when asked)
/// and as one JSON line (`json`). Prices are written by Wire's decimal writer, never a `Double`.
enum WatchTable {
    static let header = ["SYMBOL", "COMPANY", "LAST", "CHG", "CHG%", "HIGH", "LOW", "AGE", "FILING"]

    /// The table's lines for a terminal `width` columns wide: the company column shrinks (to
    /// nothing) first, then the FILING column goes (shown only when a row has a filing).
    /// Colour: green up, red down, reverse video on a price that just changed.
    static func lines(_ board: WatchBoard, now: Timestamp, width: Int, colors: Bool) -> [String] {
        var cells = [header]
        var tones: [Int] = [0]
        for row in board.rows {
            cells.append(cellsOf(row, now: now))
            tones.append(row.quote.flatMap { $0.changeBasisPoints }.map { Int($0.signum()) } ?? 0)
        }
        var widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        func sum(skipping: Set<Int>) -> Int { widths.enumerated().filter { !skipping.contains($0.offset) }.reduce(0) { $0 + $1.element } }
        let filing = header.count - 1
        let showsFiling = board.rows.contains { $0.filing != nil } && sum(skipping: [1]) + 2 * (header.count - 2) <= width
        let hidden: Set<Int> = showsFiling ? [] : [filing]
        let fixed = sum(skipping: hidden.union([1])) + 2 * (header.count - 1 - hidden.count)
        widths[1] = max(0, min(widths[1], width - fixed))
        var lines: [String] = []
        for (index, row) in cells.enumerated() {
            var parts: [String] = []
            for (column, cell) in row.enumerated() where (column != 1 || widths[1] > 0) && !hidden.contains(column) {
                let text = column == 1 ? String(cell.prefix(widths[1])) : cell
                // The FILING column, the last, is left-aligned and not padded.
                let pad = column == filing ? "" : String(repeating: " ", count: max(0, widths[column] - text.count))
                var shown = column <= 1 ? text + pad : pad + text
                if colors, index > 0, (2...4).contains(column) {
                    let tone = tones[index] > 0 ? "\u{1B}[32m" : tones[index] < 0 ? "\u{1B}[31m" : ""
                    let flash = board.rows[index - 1].changed ? "\u{1B}[7m" : ""
                    if !tone.isEmpty || !flash.isEmpty { shown = tone + flash + shown + "\u{1B}[0m" }
                }
                parts.append(shown)
            }
            lines.append(parts.joined(separator: "  "))
        }
        return lines
    }

    /// One row's cells: prices, or what stands in for them.
    static func cellsOf(_ row: WatchBoard.Row, now: Timestamp) -> [String] {
        guard let quote = row.quote else {
            let status: String
            switch row.outcome {
            case .unknown?: status = "unknown symbol"
            case .failed(let error)?: status = "error: \(error)"
            case .deferred?, .quote?, nil: status = "waiting"
            }
            return [row.symbol.rawValue, row.name, status, "", "", "", "", "", filing(row, now: now)]
        }
        // Without a previous close (a first session, an Alpaca snapshot without a previous bar)
        // there is no change to show: the price less zero is not one.
        let percent = quote.changeBasisPoints.map { text($0, scale: 2, signed: true) + "%" } ?? ""
        let change = quote.changeBasisPoints == nil ? "" : text(quote.change.units, signed: true)
        return [
            row.symbol.rawValue, row.name, text(quote.price.units), change, percent,
            text(quote.high.units), text(quote.low.units), age(from: quote.time, to: now), filing(row, now: now),
        ]
    }

    /// The FILING cell: the latest stored filing's form and age (`8-K 2h`); empty when none.
    static func filing(_ row: WatchBoard.Row, now: Timestamp) -> String {
        row.filing.map { "\($0.form) \(age(from: $0.accepted, to: now))" } ?? ""
    }

    /// `{"time":..,"source":..,"list":..,"rows":[{"symbol","name","status","price",...}]}`.
    static func json(_ board: WatchBoard, now: Timestamp, source: String, list: String) -> String {
        var json = JSONWriter(style: .shortEscapes)
        json.raw("{\"time\":")
        json.timestamp(now)
        json.raw(",\"source\":")
        json.string(source)
        json.raw(",\"list\":")
        json.string(list)
        json.raw(",\"rows\":[")
        for (index, row) in board.rows.enumerated() {
            json.raw(index == 0 ? "{\"symbol\":" : ",{\"symbol\":")
            json.string(row.symbol.rawValue)
            json.raw(",\"name\":")
            json.string(row.name)
            json.raw(",\"status\":")
            switch row.outcome {
            case .quote?: json.string("ok")
            case .unknown?: json.string("unknown")
            case .deferred?, nil: json.string(row.quote == nil ? "waiting" : "stale")
            case .failed(let error)?:
                json.string("error")
                json.raw(",\"error\":")
                json.string(error.description)
            }
            if let quote = row.quote {
                let change = quote.changeBasisPoints == nil ? [] : [("change", quote.change.units)]
                for (key, value) in [("price", quote.price.units)] + change + [("open", quote.open.units),
                                     ("high", quote.high.units), ("low", quote.low.units), ("previousClose", quote.previousClose.units)] {
                    json.bytes.append(contentsOf: ",\"\(key)\":".utf8)
                    json.bytes.appendFixedPoint(value, scale: Price.decimalPlaces, minimumFractionDigits: 2)
                }
                if let basisPoints = quote.changeBasisPoints {
                    json.bytes.append(contentsOf: ",\"changePercent\":".utf8)
                    json.bytes.appendFixedPoint(basisPoints, scale: 2, minimumFractionDigits: 2)
                }
                json.raw(",\"quoteTime\":")
                json.timestamp(quote.time)
            }
            if let filing = row.filing {
                json.raw(",\"filing\":{\"form\":")
                json.string(filing.form)
                json.raw(",\"accepted\":")
                json.timestamp(filing.accepted)
                json.raw(",\"items\":[")
                for (index, item) in filing.items.enumerated() {
                    if index > 0 { json.raw(",") }
                    json.string(item)
                }
                json.raw("]")
                json.raw(",\"url\":")
                json.string(filing.url)
                json.raw("}")
            }
            json.raw("}")
        }
        json.raw("]}")
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `value` / 10^`scale` as decimal text with two places, `+` before a positive one when `signed`.
    static func text(_ value: Int64, scale: Int = Price.decimalPlaces, signed: Bool = false) -> String {
        var bytes: [UInt8] = signed && value > 0 ? [UInt8(ascii: "+")] : []
        bytes.appendFixedPoint(value, scale: scale, minimumFractionDigits: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `12s`, `5m`, `3h`, `2d`: how long ago `time` was.
    static func age(from time: Timestamp, to now: Timestamp) -> String {
        let seconds = max(0, (now.nanoseconds - time.nanoseconds) / 1_000_000_000)
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        default: return "\(seconds / 86_400)d"
        }
    }
}
