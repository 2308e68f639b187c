/// An RGB picture: 3 bytes a pixel, rows from the top.
struct Canvas: Sendable {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    func colour(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
    }
}

/// Small geometry for drawing: signed distances (negative inside) and a few helpers.
enum Shape {
    static func circle(_ x: Double, _ y: Double, radius: Double) -> Double {
        (x * x + y * y).squareRoot() - radius
    }

    /// A rectangle of half sizes `halfWidth` × `halfHeight` with corners rounded by `corner`.
    static func roundedBox(_ x: Double, _ y: Double, halfWidth: Double, halfHeight: Double, corner: Double) -> Double {
        let qx = abs(x) - halfWidth + corner
        let qy = abs(y) - halfHeight + corner
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - corner
    }

    /// A pointed leaf along the x axis: the lens where two circles overlap.
    static func leaf(_ x: Double, _ y: Double, halfLength: Double, halfWidth: Double) -> Double {
        let radius = (halfLength * halfLength + halfWidth * halfWidth) / (2 * halfWidth)
        let offset = radius - halfWidth
        return max(circle(x, y - offset, radius: radius), circle(x, y + offset, radius: radius))
    }

    /// `v` rounded to a multiple of `step`: flat bands of colour, which compress well.
    static func quantized(_ value: Double, step: Double) -> Double {
        (value / step).rounded() * step
    }

    /// How much of a pixel an edge at signed distance `distance` covers (one-pixel antialiasing).
    static func coverage(_ distance: Double) -> Double {
        min(max(0.5 - distance, 0), 1)
    }

    /// Smooth value noise in 0...1 over cells of `cell` pixels.
    static func noise(_ x: Double, _ y: Double, cell: Double, seed: UInt64) -> Double {
        let gx = (x / cell).rounded(.down)
        let gy = (y / cell).rounded(.down)
        var fx = x / cell - gx
        var fy = y / cell - gy
        fx = fx * fx * (3 - 2 * fx)
        fy = fy * fy * (3 - 2 * fy)
        let ix = Int64(gx)
        let iy = Int64(gy)
        let top = lattice(ix, iy, seed) + (lattice(ix + 1, iy, seed) - lattice(ix, iy, seed)) * fx
        let bottom = lattice(ix, iy + 1, seed) + (lattice(ix + 1, iy + 1, seed) - lattice(ix, iy + 1, seed)) * fx
        return top + (bottom - top) * fy
    }

    /// A value in 0..<1 for a lattice point.
    static func lattice(_ x: Int64, _ y: Int64, _ seed: UInt64) -> Double {
        let mixed = StableHash.mix(seed ^ UInt64(bitPattern: x &* 0x9E37_79B9) ^ UInt64(bitPattern: y &* 0x85EB_CA6B) << 1)
        return Double(mixed >> 11) / Double(UInt64(1) << 53)
    }
}
