import Ledger
import StrategyKit
import Wire

/// The columns of `tickwork tail`: widths fixed when the table starts (wide enough for the
/// first rows and the headers), so that rows printed later by `-f` line up with the first ones.
struct TailTable {
    private static let headers = ["TIME (UTC)", "STRATEGY", "SYMBOL", "SIDE", "QTY", "PRICE", "POSITION", "REALIZED"]
    private static let rightAligned: Set<Int> = [4, 5, 6, 7]
    private static let minimumWidths = [23, 14, 8, 4, 6, 9, 8, 10]

    let colour: Bool
    private var widths: [Int]

    /// A table sized for `entries`; `colour` adds ANSI colours (the caller decides: terminal
    /// and no NO_COLOR).
    init(colour: Bool, fitting entries: [LedgerEntry]) {
        self.colour = colour
        var widths = zip(TailTable.headers, TailTable.minimumWidths).map { max($0.count, $1) }
        for entry in entries {
            for (index, cell) in TailTable.cells(entry).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        self.widths = widths
    }

    var header: String {
        let line = layout(TailTable.headers)
        return colour ? "\u{1B}[1m" + line + "\u{1B}[0m" : line
    }

    func row(_ entry: LedgerEntry) -> String {
        var cells = TailTable.cells(entry).enumerated().map { pad($1, column: $0) }
        if colour {
            cells[3] = paint(cells[3], entry.fill.side == .buy ? "32" : "31")
            if entry.realizedAfter != .zero { cells[7] = paint(cells[7], entry.realizedAfter > .zero ? "32" : "31") }
        }
        return cells.joined(separator: "  ")
    }

    /// The running total line of `-f`.
    func totals(_ totals: TailTotals, realized: Money) -> String {
        let line = "-- \(totals.fills) fill\(totals.fills == 1 ? "" : "s") since following: bought \(totals.bought), sold \(totals.sold); realized P&L \(realized)"
        return colour ? "\u{1B}[2m" + line + "\u{1B}[0m" : line
    }

    /// The cells of one fill, in column order, without padding.
    static func cells(_ entry: LedgerEntry) -> [String] {
        let fill = entry.fill
        // Milliseconds are plenty for people; the ledger keeps nanoseconds.
        let time = String(fill.time.iso8601.prefix(23)).replacing("T", with: " ")
        return [
            time, fill.strategyID.rawValue, fill.symbol.rawValue, fill.side.rawValue, fill.qty.description,
            fill.price.description, entry.positionAfter.description, entry.realizedAfter.description,
        ]
    }

    private func layout(_ cells: [String]) -> String {
        cells.enumerated().map { pad($1, column: $0) }.joined(separator: "  ")
    }

    private func pad(_ cell: String, column: Int) -> String {
        let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
        if TailTable.rightAligned.contains(column) { return padding + cell }
        return column == widths.count - 1 ? cell : cell + padding
    }

    private func paint(_ text: String, _ code: String) -> String {
        "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
