/// A time-series chart drawn as inline SVG: lines and triangle markers, no scripts, no fonts
/// fetched, so a report opens in any browser without a network (the backtest report and the
/// daemon's dashboard with scripts off).
public struct SVGChart {
    public struct Line {
        var points: [(x: Int64, y: Int64)]
        var color: String
        /// Draw as steps (holds its value until the next point), as positions change.
        var stepped: Bool

        public init(points: [(x: Int64, y: Int64)], color: String, stepped: Bool) {
            self.points = points
            self.color = color
            self.stepped = stepped
        }
    }

    struct Marker {
        var x: Int64
        var y: Int64
        var color: String
        var pointsUp: Bool
        var label: String
    }

    var title: String
    var lines: [Line]
    var markers: [Marker] = []
    var formatY: (Int64) -> String
    /// The drawing's own size; the page scales it to its width.
    var width = 1_200
    var height = 280
    /// Lines and markers beyond these counts are thinned evenly, to keep the page small.
    var maximumPoints = 2_000
    var maximumMarkers = 2_000

    /// The chart as an `<svg>` element as wide as its container. The x axis is time
    /// (nanoseconds since the epoch), labelled in UTC on round steps (`22:14:30`) with the date
    /// once; the y axis is labelled by `formatY` on round steps, with a faint grid.
    public func render() -> String {
        let left = 90.0, right = 20.0, top = 28.0, bottom = 34.0
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        let xs = lines.flatMap { $0.points.map(\.x) } + markers.map(\.x)
        let ys = lines.flatMap { $0.points.map(\.y) } + markers.map(\.y)
        var svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(width) \##(height)" style="width:100%;height:auto" role="img">"##
        svg += ##"<text x="\##(left)" y="18" font-size="14" font-weight="bold">\##(Self.escape(title))</text>"##
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
            return svg + ##"<text x="\##(left)" y="\##(top + 20)" font-size="12">no data</text></svg>"##
        }
        let spanX = Double(max(maxX - minX, 1))
        let lowY = min(minY, 0 < minY && lines.contains { $0.stepped } ? 0 : minY)
        let spanY = Double(max(maxY - lowY, 1))
        func px(_ x: Int64) -> String { Self.format(left + Double(x - minX) / spanX * plotWidth) }
        func py(_ y: Int64) -> String { Self.format(top + plotHeight - Double(y - lowY) / spanY * plotHeight) }
        svg += ##"<rect x="\##(left)" y="\##(top)" width="\##(plotWidth)" height="\##(plotHeight)" fill="#fafafa" stroke="#ccc"/>"##
        for y in ChartTicks.values(from: lowY, to: maxY, atMost: 6) {
            svg += ##"<line x1="\##(left)" x2="\##(left + plotWidth)" y1="\##(py(y))" y2="\##(py(y))" stroke="#eaeef2"/>"##
            svg += ##"<text x="\##(left - 6)" y="\##(py(y))" font-size="11" text-anchor="end" dominant-baseline="middle">\##(Self.escape(formatY(y)))</text>"##
        }
        if lowY < 0 && maxY > 0 {
            svg += ##"<line x1="\##(left)" x2="\##(left + plotWidth)" y1="\##(py(0))" y2="\##(py(0))" stroke="#999" stroke-dasharray="4 3"/>"##
        }
        let (times, step) = ChartTicks.times(from: minX, to: maxX, atMost: 10)
        for x in times {
            svg += ##"<line x1="\##(px(x))" x2="\##(px(x))" y1="\##(top + plotHeight)" y2="\##(top + plotHeight + 4)" stroke="#999"/>"##
            svg += ##"<text x="\##(px(x))" y="\##(top + plotHeight + 16)" font-size="11" text-anchor="middle">\##(ChartTicks.label(x, step: step))</text>"##
        }
        svg += ##"<text x="\##(left)" y="\##(height - 2)" font-size="10" fill="#57606a">UTC, \##(ChartTicks.date(minX))</text>"##
        for line in lines where !line.points.isEmpty {
            var path = ""
            var previousY: Int64?
            for point in Self.thinned(line.points, to: maximumPoints) {
                if line.stepped, let previousY { path += "\(px(point.x)),\(py(previousY)) " }
                path += "\(px(point.x)),\(py(point.y)) "
                previousY = point.y
            }
            svg += ##"<polyline fill="none" stroke="\##(line.color)" stroke-width="1.5" points="\##(path)"/>"##
        }
        for marker in Self.thinned(markers, to: maximumMarkers) {
            let x = left + Double(marker.x - minX) / spanX * plotWidth
            let y = top + plotHeight - Double(marker.y - lowY) / spanY * plotHeight
            let tip = marker.pointsUp ? y - 5 : y + 5
            let base = marker.pointsUp ? y + 4 : y - 4
            svg += ##"<polygon fill="\##(marker.color)" points="\##(Self.format(x)),\##(Self.format(tip)) \##(Self.format(x - 4)),\##(Self.format(base)) \##(Self.format(x + 4)),\##(Self.format(base))"><title>\##(Self.escape(marker.label))</title></polygon>"##
        }
        return svg + "</svg>"
    }

    /// At most `limit` elements, evenly spaced, keeping the last.
    static func thinned<Element>(_ elements: [Element], to limit: Int) -> [Element] {
        guard elements.count > limit else { return elements }
        let step = Double(elements.count - 1) / Double(limit - 1)
        return (0..<limit).map { elements[Int((Double($0) * step).rounded())] }
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// `text` with `&`, `<`, `>` and `"` escaped for HTML and SVG text and attributes.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension SVGChart {
    /// A chart of `lines` over time without markers, its values labelled by `formatY`.
    public init(title: String, lines: [Line], formatY: @escaping (Int64) -> String) {
        self.title = title
        self.lines = lines
        self.formatY = formatY
    }
}
