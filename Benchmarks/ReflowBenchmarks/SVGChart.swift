/// A plain SVG line chart, written without dependencies.
struct SVGChart {
    var title: String
    var xLabel: String
    var yLabel: String
    var series: [(name: String, points: [(x: Double, y: Double)])]
    var logX = false

    func render() -> String {
        let width = 640.0, height = 400.0, left = 70.0, right = 20.0, top = 40.0, bottom = 50.0
        let allPoints = series.flatMap(\.points)
        let xs = allPoints.map { logX ? log10($0.x) : $0.x }
        let minX = xs.min() ?? 0, maxX = max(xs.max() ?? 1, minX + 1e-9)
        let maxY = max(allPoints.map(\.y).max() ?? 1, 1e-9) * 1.1
        func px(_ x: Double) -> Double { left + ((logX ? log10(x) : x) - minX) / (maxX - minX) * (width - left - right) }
        func py(_ y: Double) -> Double { height - bottom - y / maxY * (height - top - bottom) }
        let colors = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(width / 2)" y="20" text-anchor="middle" font-size="14">\(title)</text>
            <line x1="\(left)" y1="\(height - bottom)" x2="\(width - right)" y2="\(height - bottom)" stroke="black"/>
            <line x1="\(left)" y1="\(top)" x2="\(left)" y2="\(height - bottom)" stroke="black"/>
            <text x="\(width / 2)" y="\(height - 10)" text-anchor="middle">\(xLabel)</text>
            <text x="15" y="\(height / 2)" transform="rotate(-90 15 \(height / 2))" text-anchor="middle">\(yLabel)</text>

            """
        for tick in 0...4 {
            let y = maxY * Double(tick) / 4
            svg += "<text x=\"\(left - 5)\" y=\"\(py(y) + 4)\" text-anchor=\"end\">\(Int(y.rounded()))</text>\n"
        }
        for point in series.first?.points ?? [] {
            svg += "<text x=\"\(px(point.x))\" y=\"\(height - bottom + 15)\" text-anchor=\"middle\">\(Int(point.x))</text>\n"
        }
        for (index, line) in series.enumerated() {
            let color = colors[index % colors.count]
            let path = line.points.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>\n"
            for point in line.points {
                svg += "<circle cx=\"\(px(point.x))\" cy=\"\(py(point.y))\" r=\"3\" fill=\"\(color)\"/>\n"
            }
            svg += "<text x=\"\(left + 10)\" y=\"\(top + 15 + Double(index) * 15)\" fill=\"\(color)\">\(line.name)</text>\n"
        }
        return svg + "</svg>\n"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
