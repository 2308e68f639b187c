import Foundation

/// Draws a `DishLook` seen from above: a table (gingham cloth or wooden planks), a napkin with
/// cutlery, a plate or bowl with its shadow, the food with simple shading, and garnish pieces with
/// their own shadows. Shading is kept in flat bands (`Shape.quantized`) so the PNG compresses well.
/// Every coordinate is given for a 480 × 360 picture and scaled, so a thumbnail is the same drawing.
enum DishPainter {
    static let referenceWidth = 480.0

    static func paint(_ look: DishLook, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let scene = Scene(look: look, scale: Double(width) / referenceWidth)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let colour = scene.colour(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let offset = (y * width + x) * 3
                    pixels[offset] = byte(colour.red)
                    pixels[offset + 1] = byte(colour.green)
                    pixels[offset + 2] = byte(colour.blue)
                }
            }
            for strand in scene.strands {
                strand.draw(into: pixels, width: width, height: height, scale: scene.scale) { scene.isUnderSauce(x: $0, y: $1) }
            }
            for piece in scene.pieces { piece.drawShadow(into: pixels, width: width, height: height, scale: scene.scale) }
            for piece in scene.pieces { piece.draw(into: pixels, width: width, height: height, scale: scene.scale) }
        }
        return canvas
    }

    static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

/// The geometry of one picture, fixed before any pixel is drawn.
private struct Scene {
    let look: DishLook
    let scale: Double
    let centerX: Double
    let centerY: Double
    let radius: Double
    let rimInner: Double
    let foodRadius: Double
    let phases: (Double, Double, Double)
    let shadowX: Double
    let shadowY: Double
    let cream = RGB(250, 247, 240)
    let light = (x: -0.50, y: -0.56, z: 0.66)
    private(set) var pieces: [Piece] = []
    private(set) var strands: [Strand] = []
    private let edges: [Double]

    init(look: DishLook, scale: Double) {
        self.look = look
        self.scale = scale
        let seed = look.seed
        centerX = (200 + Double(Int(seed % 17) - 8)) * scale
        centerY = (180 + Double(Int((seed >> 5) % 13) - 6)) * scale
        radius = (look.vessel == .plate ? 152 : 142) * scale
        rimInner = radius * (look.vessel == .plate ? 0.80 : 0.87)
        foodRadius = radius * (look.vessel == .plate ? 0.64 : 0.80)
        phases = (Double(seed >> 10 & 0xFF) / 40, Double(seed >> 18 & 0xFF) / 40, Double(seed >> 26 & 0xFF) / 40)
        shadowX = 9 * scale
        shadowY = 11 * scale
        edges = Self.edgeTable(radius: foodRadius, phases: phases)
        let scene = self
        let scattered = Piece.scatter(look: look, centerX: centerX, centerY: centerY, foodRadius: foodRadius,
                                      wobble: { scene.foodEdge(angle: $0) }, scale: scale)
        pieces = scattered
        if look.texture == .strands {
            strands = Strand.tangle(look: look, centerX: centerX, centerY: centerY, reach: foodRadius * (look.vessel == .bowl ? 0.56 : 0.96),
                                    wobble: { scene.foodEdge(angle: $0) / scene.foodRadius }, scale: scale)
        }
    }

    /// Whether a point lies under the ladle of sauce on a plate of pasta (strands are hidden there).
    func isUnderSauce(x: Double, y: Double) -> Bool {
        guard look.vessel == .plate, look.base.distance(to: look.grainColour) > 40 else { return false }
        let dx = x - centerX
        let dy = y - centerY
        let edge = foodEdge(angle: atan2(dy, dx))
        return (dx * dx + dy * dy).squareRoot() < edge * (0.46 + 0.06 * sin(4 * atan2(dy, dx) + phases.1))
    }

    /// The food's edge at an angle: a wobbly circle on a plate, a round one in a bowl.
    func foodEdge(angle: Double) -> Double {
        guard look.vessel == .plate, look.texture != .baked else { return foodRadius }
        // Looked up in a table made once (sines per pixel were most of the drawing time).
        let position = (angle / (2 * .pi) + 1) * Double(Self.edgeSteps)
        let index = Int(position) % Self.edgeSteps
        return edges[index]
    }

    private static let edgeSteps = 4_096

    /// The wobbly edge at `edgeSteps` angles around the circle.
    private static func edgeTable(radius: Double, phases: (Double, Double, Double)) -> [Double] {
        (0..<edgeSteps).map { step in
            let angle = Double(step) / Double(edgeSteps) * 2 * .pi
            return radius * (1 + 0.05 * sin(3 * angle + phases.0) + 0.035 * sin(5 * angle + phases.1) + 0.02 * sin(7 * angle + phases.2))
        }
    }

    func colour(x: Double, y: Double) -> RGB {
        var colour = table(x: x, y: y)
        if x > 360 * scale { colour = cutlery(x: x, y: y, over: colour) }

        let shadowDistance = ((x - centerX - shadowX) * (x - centerX - shadowX) + (y - centerY - shadowY) * (y - centerY - shadowY)).squareRoot()
        if shadowDistance < radius + 8 * scale {
            let ramp = min(max((shadowDistance - (radius - 3 * scale)) / (11 * scale), 0), 1)
            colour = colour.scaled(Shape.quantized(0.70 + 0.30 * ramp, step: 0.06))
        }

        let dx = x - centerX
        let dy = y - centerY
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance < radius + 1 else { return colour }
        let vessel = vesselColour(dx: dx, dy: dy, distance: distance)
        return colour.mixed(with: vessel, Shape.coverage(distance - radius))
    }

    // MARK: - Table, napkin and cutlery

    private func table(x: Double, y: Double) -> RGB {
        switch look.table {
        case .gingham(let stripe):
            let cell = 26 * scale
            let across = Int((x / cell).rounded(.down)) & 1
            let down = Int((y / cell).rounded(.down)) & 1
            switch across + down {
            case 2: return stripe
            case 1: return stripe.mixed(with: cream, 0.55)
            default: return cream
            }
        case .wood(let wood):
            let plank = 58 * scale
            let index = (y / plank).rounded(.down)
            let tone = 0.86 + 0.16 * Shape.lattice(Int64(index), 7, look.seed)
            let within = y - index * plank
            if within < 1.6 * scale { return wood.scaled(0.62) }
            let grain = sin(x / (34 * scale) * (1 + 0.3 * tone) + 2.6 * sin(y / (19 * scale) + index * 1.7))
            let shade = grain > 0.82 ? 0.9 : (grain < -0.9 ? 1.05 : 1)
            return wood.scaled(Shape.quantized(tone * shade, step: 0.04))
        }
    }

    private func cutlery(x: Double, y: Double, over background: RGB) -> RGB {
        let napkinX = (420 * scale)
        let napkinY = (180 * scale)
        let (nx, ny) = untilt(x - napkinX, y - napkinY)
        let napkin = Shape.roundedBox(nx, ny, halfWidth: 40 * scale, halfHeight: 136 * scale, corner: 3 * scale)
        let (sx, sy) = untilt(x - napkinX - 4 * scale, y - napkinY - 5 * scale)
        let napkinShadow = Shape.roundedBox(sx, sy, halfWidth: 40 * scale, halfHeight: 136 * scale, corner: 3 * scale)
        var colour = background
        if napkinShadow < 0 { colour = colour.scaled(0.8) }
        if napkin < 0.5 {
            var cloth = RGB(246, 244, 238)
            if abs(nx) > 32 * scale || abs(ny) > 128 * scale { cloth = stripeColour.mixed(with: cloth, 0.35) }
            if abs(nx) < 0.8 * scale { cloth = cloth.scaled(0.93) }  // the fold
            colour = colour.mixed(with: cloth, Shape.coverage(napkin))
        }
        // The utensils, with their shadows on the napkin (only near them: most of the picture is not).
        guard x > 388 * scale, x < 452 * scale, y > 66 * scale, y < 296 * scale else { return colour }
        for (offsetX, offsetY, factor) in [(3.0, 4.0, 0.0), (0.0, 0.0, 1.0)] {
            let ux = x - offsetX * scale
            let uy = y - offsetY * scale
            let left = look.vessel == .bowl ? spoon(ux, uy) : fork(ux, uy)
            let right = knife(ux, uy)
            let inside = min(left.distance, right.distance)
            guard inside < 0.5 else { continue }
            if factor == 0 {
                colour = colour.scaled(0.8)
            } else {
                let part = left.distance < right.distance ? left : right
                colour = colour.mixed(with: part.colour, Shape.coverage(inside))
            }
        }
        return colour
    }

    private var stripeColour: RGB {
        switch look.table {
        case .gingham(let stripe): return stripe
        case .wood: return RGB(60, 96, 150)
        }
    }

    /// The napkin's frame: turned back by its small tilt (0.05 radians; cosine and sine written out).
    private func untilt(_ x: Double, _ y: Double) -> (Double, Double) {
        let cosine = 0.998_750_260_394_966
        let sine = -0.049_979_169_270_678
        return (x * cosine - y * sine, x * sine + y * cosine)
    }

    private static let steel = RGB(198, 202, 208)

    /// Steel lit from the left: lighter on the left of each part, darker on the right.
    private func metal(_ localX: Double, halfWidth: Double) -> RGB {
        let side = localX / max(halfWidth, 0.001)
        return Self.steel.scaled(side < -0.25 ? 1.14 : (side > 0.45 ? 0.84 : 1))
    }

    private func fork(_ x: Double, _ y: Double) -> (distance: Double, colour: RGB) {
        let center = 402 * scale
        let lx = x - center
        let handle = Shape.roundedBox(lx, y - 212 * scale, halfWidth: 4.2 * scale, halfHeight: 80 * scale, corner: 4 * scale)
        let neck = Shape.roundedBox(lx, y - 122 * scale, halfWidth: 9 * scale, halfHeight: 12 * scale, corner: 5 * scale)
        var tines = Double.infinity
        for tine in 0..<4 {
            let tx = lx - (Double(tine) - 1.5) * 5.2 * scale
            tines = min(tines, Shape.roundedBox(tx, y - 94 * scale, halfWidth: 1.5 * scale, halfHeight: 22 * scale, corner: 1.4 * scale))
        }
        let distance = min(handle, neck, tines)
        return (distance, metal(lx, halfWidth: distance == handle ? 4.2 * scale : 9 * scale))
    }

    private func spoon(_ x: Double, _ y: Double) -> (distance: Double, colour: RGB) {
        let center = 402 * scale
        let lx = x - center
        let head = (((lx / (12 * scale)) * (lx / (12 * scale)) + ((y - 98 * scale) / (18 * scale)) * ((y - 98 * scale) / (18 * scale))).squareRoot() - 1) * 12 * scale
        let handle = Shape.roundedBox(lx, y - 204 * scale, halfWidth: 3.8 * scale, halfHeight: 88 * scale, corner: 3.8 * scale)
        let distance = min(head, handle)
        var colour = metal(lx, halfWidth: distance == head ? 12 * scale : 3.8 * scale)
        if head < -2 * scale, lx > -4 * scale, y > 98 * scale { colour = colour.scaled(0.86) }  // the bowl of the spoon
        return (distance, colour)
    }

    private func knife(_ x: Double, _ y: Double) -> (distance: Double, colour: RGB) {
        let center = 440 * scale
        let lx = x - center
        let blade = max(
            Shape.roundedBox(lx, y - 134 * scale, halfWidth: 6.5 * scale, halfHeight: 62 * scale, corner: 6.5 * scale),
            -(lx + 6.5 * scale)
        )
        let handle = Shape.roundedBox(lx, y - 240 * scale, halfWidth: 5 * scale, halfHeight: 50 * scale, corner: 4 * scale)
        if handle < blade {
            return (handle, RGB(58, 50, 46).scaled(lx < -1.5 * scale ? 1.3 : 1))
        }
        return (blade, metal(lx, halfWidth: 6.5 * scale))
    }

    // MARK: - Plate or bowl

    private func vesselColour(dx: Double, dy: Double, distance: Double) -> RGB {
        let towardLight = distance > 0 ? -(dx + dy) / (distance * 2.squareRoot()) : 0
        var shade = 1.0
        var colour = look.vesselColour
        switch look.vessel {
        case .plate:
            if distance > rimInner {
                let across = (distance - rimInner) / (radius - rimInner)
                if across < 0.22 {
                    shade = 1 - 0.10 * towardLight  // the well's wall faces the centre: lit on the far side
                } else {
                    shade = 1 + 0.05 * towardLight
                }
                if across > 0.93 { shade *= 0.9 }
                if let band = look.band, across > 0.56, across < 0.68 { colour = band }
            } else {
                shade = 0.96
            }
        case .bowl:
            if distance > rimInner {
                shade = (1 + 0.07 * towardLight) * ((distance - rimInner) / (radius - rimInner) > 0.8 ? 0.9 : 1)
            } else {
                let depth = (rimInner - distance) / max(rimInner - foodRadius, 1)
                shade = (0.86 - 0.16 * towardLight) * (1 - 0.12 * min(max(depth, 0), 1))
            }
        }
        var result = colour.scaled(Shape.quantized(shade, step: 0.025))

        let edge = foodEdge(angle: atan2(dy, dx))
        if distance < edge + 1 {
            result = result.mixed(with: food(dx: dx, dy: dy, distance: distance, edge: edge), Shape.coverage(distance - edge))
        } else if look.vessel == .plate {
            // The food's shadow on the plate, toward the bottom right.
            let sx = dx - 4 * scale
            let sy = dy - 5 * scale
            if (sx * sx + sy * sy).squareRoot() < foodEdge(angle: atan2(sy, sx)) { result = result.scaled(0.86) }
        }
        return result
    }

    // MARK: - Food

    private func food(dx: Double, dy: Double, distance: Double, edge: Double) -> RGB {
        let x = dx + centerX
        let y = dy + centerY
        var shade: Double
        if look.vessel == .plate {
            let nx = dx / edge * 0.6
            let ny = dy / edge * 0.6
            let nz = max(0, 1 - (dx * dx + dy * dy) / (edge * edge)).squareRoot()
            let length = (nx * nx + ny * ny + nz * nz).squareRoot()
            let lit = max(0, (nx * light.x + ny * light.y + nz * light.z) / max(length, 0.001))
            shade = Shape.quantized(0.64 + 0.46 * lit, step: 0.05)
        } else {
            shade = 1
            // The rim keeps light off the liquid along the top-left edge.
            let sx = dx + 8 * scale
            let sy = dy + 8 * scale
            if (sx * sx + sy * sy).squareRoot() > foodRadius - 1 * scale { shade = 0.8 }
        }

        var colour: RGB
        switch look.texture {
        case .smooth:
            let grain = Shape.quantized(Shape.noise(x, y, cell: 14 * scale, seed: look.seed), step: 0.34)
            colour = look.base.scaled(0.94 + 0.12 * grain)
        case .strands:
            colour = strands(x: x, y: y, dx: dx, dy: dy, edge: edge)
        case .grains:
            colour = grains(x: x, y: y, dx: dx, dy: dy, edge: edge)
        case .chunky, .leafy:
            colour = chunks(x: x, y: y, leafy: look.texture == .leafy)
        case .baked:
            colour = baked(x: x, y: y, distance: distance, edge: edge)
        }
        colour = colour.scaled(shade)

        if look.vessel == .bowl {
            // A highlight on the liquid, opposite the light's shadow.
            let hx = dx + 0.36 * foodRadius
            let hy = dy + 0.40 * foodRadius
            let along = (hx - hy) / 2.squareRoot()
            let across = (hx + hy) / 2.squareRoot()
            let highlight = (along / (0.17 * foodRadius)) * (along / (0.17 * foodRadius)) + (across / (0.05 * foodRadius)) * (across / (0.05 * foodRadius))
            if highlight < 1 { colour = colour.mixed(with: .white, highlight < 0.45 ? 0.6 : 0.35) }
        }
        if distance > edge - 2 * scale, look.vessel == .plate { colour = colour.scaled(0.84) }
        return colour
    }

    private func strands(x: Double, y: Double, dx: Double, dy: Double, edge: Double) -> RGB {
        let hasSauce = look.base.distance(to: look.grainColour) > 40
        let angle = atan2(dy, dx)
        let radial = (dx * dx + dy * dy).squareRoot()
        if look.vessel == .bowl {
            // Noodles gathered in the middle of the broth.
            if radial > edge * (0.58 + 0.05 * sin(5 * angle + phases.2)) {
                let lumps = Shape.quantized(Shape.noise(x, y, cell: 14 * scale, seed: look.seed), step: 0.34)
                return look.base.scaled(0.94 + 0.12 * lumps)
            }
        } else if hasSauce, radial < edge * (0.46 + 0.06 * sin(4 * angle + phases.1)) {
            // A ladle of sauce on top of the pasta.
            let lumps = Shape.quantized(Shape.noise(x, y, cell: 9 * scale, seed: look.seed ^ 0x5A), step: 0.5)
            return look.base.scaled(0.9 + 0.16 * lumps)
        }
        // Under the strands (drawn afterwards): the darker gaps between them.
        return (hasSauce ? look.base : look.grainColour).scaled(0.72)
    }

    private func grains(x: Double, y: Double, dx: Double, dy: Double, edge: Double) -> RGB {
        let cell = 7 * scale
        let gx = (x / cell).rounded(.down)
        let gy = (y / cell).rounded(.down)
        let random = Shape.lattice(Int64(gx), Int64(gy), look.seed ^ 0x61)
        let angle = random * .pi
        let lx = x - (gx + 0.5) * cell
        let ly = y - (gy + 0.5) * cell
        let along = lx * cos(angle) + ly * sin(angle)
        let across = -lx * sin(angle) + ly * cos(angle)
        let inside = (along / (3.1 * scale)) * (along / (3.1 * scale)) + (across / (1.5 * scale)) * (across / (1.5 * scale))
        if inside < 1 { return look.grainColour.scaled(inside < 0.35 ? 1.05 : 0.97) }
        return look.grainColour.mixed(with: look.base, 0.5).scaled(0.8)
    }

    /// A golden top with a darker crust at the edge and toasted patches; pies and tarts get a lattice
    /// of pastry strips over a darker filling.
    private func baked(x: Double, y: Double, distance: Double, edge: Double) -> RGB {
        let crust = RGB(222, 168, 92)
        if distance > edge * 0.86 {
            return (look.hasLattice ? crust : look.base).scaled(Shape.quantized(0.86 - 0.5 * (distance / edge - 0.86), step: 0.05))
        }
        if look.hasLattice {
            let spacing = 30 * scale
            let first = (x + y) / 2.squareRoot()
            let second = (x - y) / 2.squareRoot()
            let alongFirst = abs(first - (first / spacing).rounded() * spacing)
            let alongSecond = abs(second - (second / spacing).rounded() * spacing)
            let strip = 6 * scale
            if alongFirst < strip || alongSecond < strip {
                let edgeOfStrip = min(alongFirst, alongSecond) > strip - 1.5 * scale
                return crust.scaled(edgeOfStrip ? 0.8 : 1.02)
            }
            return look.base.scaled(0.72)
        }
        if Shape.noise(x, y, cell: 15 * scale, seed: look.seed ^ 0xBA) > 0.68 { return look.base.scaled(0.82) }
        return look.base
    }

    /// Irregular pieces (cells around scattered points), each its own shade, with darker gaps.
    private func chunks(x: Double, y: Double, leafy: Bool) -> RGB {
        let cell = (leafy ? 26 : 20) * scale
        let gx = (x / cell).rounded(.down)
        let gy = (y / cell).rounded(.down)
        var nearest = Double.infinity
        var second = Double.infinity
        var nearestValue = 0.0
        for offsetY in -1...1 {
            for offsetX in -1...1 {
                let cx = gx + Double(offsetX)
                let cy = gy + Double(offsetY)
                let value = Shape.lattice(Int64(cx), Int64(cy), look.seed ^ 0xC4)
                let px = (cx + 0.15 + 0.7 * value) * cell
                let py = (cy + 0.15 + 0.7 * Shape.lattice(Int64(cy), Int64(cx), look.seed ^ 0x3E)) * cell
                let distance = ((x - px) * (x - px) + (y - py) * (y - py)).squareRoot()
                if distance < nearest {
                    second = nearest
                    nearest = distance
                    nearestValue = value
                } else if distance < second {
                    second = distance
                }
            }
        }
        if leafy {
            if second - nearest < 2.2 * scale { return look.base.scaled(0.72) }
            let tone = Shape.quantized(nearestValue, step: 0.34)
            return look.base.mixed(with: RGB(210, 230, 150), 0.35 * tone).scaled(0.9 + 0.1 * tone)
        }
        // Pieces in their sauce: some cells are sauce, the rest pieces with a gap of sauce around them.
        let sauce = look.base.scaled(0.66)
        if nearestValue < 0.3 || second - nearest < 5 * scale {
            let lumps = Shape.quantized(Shape.noise(x, y, cell: 10 * scale, seed: look.seed ^ 0x9D), step: 0.5)
            return sauce.scaled(0.92 + 0.14 * lumps)
        }
        let rim = second - nearest < 7.5 * scale ? 0.86 : 1
        return look.base.scaled(Shape.quantized((0.9 + 0.2 * nearestValue) * rim, step: 0.06))
    }
}

/// One garnish piece: where, how big, turned how far, in which colour and shape.
private struct Piece {
    var kind: IngredientLook.Piece
    var x: Double
    var y: Double
    var size: Double
    var angle: Double
    var colour: RGB

    /// Pieces for every garnish, spread over the food (`wobble` gives its edge at an angle).
    static func scatter(
        look: DishLook, centerX: Double, centerY: Double, foodRadius: Double,
        wobble: (Double) -> Double, scale: Double
    ) -> [Piece] {
        var pieces: [Piece] = []
        var taken: [(x: Double, y: Double, radius: Double)] = []
        let crowd = max(1, Double(look.garnishes.count) / 3)
        for garnish in look.garnishes {
            var hash = StableHash(seed: look.seed).adding(garnish.name)
            let (count, size) = Self.countAndSize(garnish.piece, crowd: crowd)
            var placed = 0
            var attempts = 0
            while placed < count, attempts < count * 12 {
                attempts += 1
                hash = hash.adding(UInt64(attempts))
                let angle = hash.unit * 2 * .pi
                var reach = hash.adding(1).unit.squareRoot() * 0.8
                if garnish.piece == .wedge { reach = 0.78 }
                if garnish.piece == .egg { reach = min(reach, 0.5) }
                let edge = wobble(angle)
                let x = centerX + cos(angle) * edge * reach
                let y = centerY + sin(angle) * edge * reach
                let radius = size * scale * (garnish.piece == .egg ? 1.3 : 1)
                let keepsApart = garnish.piece == .speck || garnish.piece == .smallRound
                    || !taken.contains { ($0.x - x) * ($0.x - x) + ($0.y - y) * ($0.y - y) < ($0.radius + radius) * ($0.radius + radius) * 0.55 }
                guard keepsApart else { continue }
                if garnish.piece != .speck, garnish.piece != .smallRound { taken.append((x, y, radius)) }
                let variation = 0.9 + 0.2 * hash.adding(2).unit
                pieces.append(Piece(
                    kind: garnish.piece, x: x, y: y, size: size * scale * variation,
                    angle: garnish.piece == .wedge ? angle + .pi / 2 : hash.adding(3).unit * .pi,
                    colour: garnish.colour
                ))
                placed += 1
            }
        }
        // Eggs and wedges sit on top of everything else.
        return pieces.filter { $0.kind != .egg && $0.kind != .wedge } + pieces.filter { $0.kind == .egg || $0.kind == .wedge }
    }

    private static func countAndSize(_ kind: IngredientLook.Piece, crowd: Double) -> (Int, Double) {
        func fewer(_ count: Int) -> Int { max(1, Int((Double(count) / crowd).rounded())) }
        switch kind {
        case .leaf: return (fewer(10), 9)
        case .speck: return (fewer(48), 1.5)
        case .chunk: return (fewer(8), 8.5)
        case .ring: return (fewer(5), 10)
        case .slice: return (fewer(5), 13)
        case .strip: return (fewer(7), 13)
        case .shred: return (fewer(18), 8)
        case .round: return (fewer(9), 5.5)
        case .smallRound: return (fewer(18), 3.2)
        case .egg: return (2, 13)
        case .wedge: return (1, 17)
        }
    }

    private func local(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - self.x
        let dy = y - self.y
        return (dx * cos(angle) + dy * sin(angle), -dx * sin(angle) + dy * cos(angle))
    }

    /// The signed distance to the piece's outline at a point in its own frame.
    private func distance(_ lx: Double, _ ly: Double) -> Double {
        switch kind {
        case .leaf: return Shape.leaf(lx, ly, halfLength: size, halfWidth: size * 0.42)
        case .speck: return Shape.circle(lx, ly, radius: size)
        case .chunk: return Shape.roundedBox(lx, ly, halfWidth: size, halfHeight: size * 0.85, corner: size * 0.3)
        case .ring: return abs(Shape.circle(lx, ly, radius: size)) - size * 0.2
        case .slice, .round: return Shape.circle(lx, ly, radius: size)
        case .smallRound: return Shape.circle(lx, ly, radius: size)
        case .strip: return Shape.roundedBox(lx, ly, halfWidth: size, halfHeight: size * 0.26, corner: size * 0.2)
        case .shred: return Shape.roundedBox(lx, ly, halfWidth: size, halfHeight: size * 0.16, corner: size * 0.15)
        case .egg:
            let angle = atan2(ly, lx)
            return Shape.circle(lx, ly, radius: size * (1 + 0.1 * sin(5 * angle) + 0.05 * sin(3 * angle + 1)))
        case .wedge: return max(Shape.circle(lx, ly, radius: size), -ly)
        }
    }

    private var extent: Double { size * 1.3 + 2 }

    func drawShadow(into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, scale: Double) {
        guard kind != .speck else { return }
        let offsetX = 2 * scale + 0.5
        let offsetY = 2.5 * scale + 0.5
        visit(width: width, height: height, margin: offsetY) { x, y, offset in
            let (lx, ly) = local(x - offsetX, y - offsetY)
            let distance = self.distance(lx, ly)
            guard distance < 0.5 else { return }
            let factor = 1 - 0.22 * Shape.coverage(distance)
            for channel in 0..<3 { pixels[offset + channel] = DishPainter.byte(Double(pixels[offset + channel]) * factor) }
        }
    }

    func draw(into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, scale: Double) {
        visit(width: width, height: height, margin: 0) { x, y, offset in
            let (lx, ly) = local(x, y)
            let distance = self.distance(lx, ly)
            guard distance < 0.5 else { return }
            let colour = shaded(lx, ly, distance: distance, scale: scale)
            let amount = Shape.coverage(distance)
            let under = RGB(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
            let result = under.mixed(with: colour, amount)
            pixels[offset] = DishPainter.byte(result.red)
            pixels[offset + 1] = DishPainter.byte(result.green)
            pixels[offset + 2] = DishPainter.byte(result.blue)
        }
    }

    private func visit(width: Int, height: Int, margin: Double, _ body: (Double, Double, Int) -> Void) {
        let reach = extent + margin
        let left = max(0, Int((x - reach).rounded(.down)))
        let right = min(width - 1, Int((x + reach).rounded(.up)))
        let top = max(0, Int((y - reach).rounded(.down)))
        let bottom = min(height - 1, Int((y + reach).rounded(.up)))
        guard left <= right, top <= bottom else { return }
        for row in top...bottom {
            for column in left...right {
                body(Double(column) + 0.5, Double(row) + 0.5, (row * width + column) * 3)
            }
        }
    }

    /// The piece's colour at a point: lit from the top left, with a darker outline and, for some
    /// shapes, inner detail (a leaf's vein, a slice's lighter middle, an egg's yolk).
    private func shaded(_ lx: Double, _ ly: Double, distance: Double, scale: Double) -> RGB {
        // The light in the piece's own frame: toward the top left of the picture.
        let lightX = -cos(angle) - sin(angle)
        let lightY = sin(angle) - cos(angle)
        let facing = (lx * lightX + ly * lightY) / (max(size, 0.5) * 2.squareRoot())
        var colour = colour.scaled(Shape.quantized(1 + 0.16 * facing, step: 0.08))
        switch kind {
        case .leaf:
            if abs(ly) < 0.5 * scale + 0.3, abs(lx) < size * 0.85 { colour = colour.scaled(0.78) }
        case .slice:
            let radial = (lx * lx + ly * ly).squareRoot() / size
            if radial < 0.78 { colour = colour.mixed(with: .white, radial < 0.3 ? 0.12 : 0.22) }
        case .egg:
            let yolk = Shape.circle(lx + size * 0.12, ly + size * 0.1, radius: size * 0.42)
            let white = RGB(250, 248, 242).scaled(Shape.quantized(1 + 0.05 * facing, step: 0.03))
            if yolk < 0 {
                colour = RGB(246, 176, 36).scaled(Shape.quantized(1 + 0.12 * facing, step: 0.06))
                if Shape.circle(lx + size * 0.24, ly + size * 0.22, radius: size * 0.1) < 0 { colour = colour.mixed(with: .white, 0.6) }
            } else {
                colour = white
            }
            return yolk > -0.8 && yolk < 0.8 ? colour.scaled(0.9) : colour
        case .wedge:
            if Shape.circle(lx, ly, radius: size * 0.84) > 0 {
                colour = colour.scaled(0.82)  // the rind
            } else {
                let angle = atan2(ly, lx)
                if abs(sin(angle * 3)) < 0.08 { colour = colour.mixed(with: .white, 0.4) }
            }
        default:
            break
        }
        if kind != .speck, distance > -0.9 * scale - 0.4 { colour = colour.scaled(0.76) }
        return colour
    }
}

/// One strand of pasta or noodle: a wandering line of points, drawn as a round strand lit along its
/// middle, over what is already there.
private struct Strand {
    var points: [(x: Double, y: Double)]
    var halfWidth: Double
    var colour: RGB

    /// Strands that wander within `reach` of the centre (times the food's wobble at each angle).
    static func tangle(
        look: DishLook, centerX: Double, centerY: Double, reach: Double,
        wobble: (Double) -> Double, scale: Double
    ) -> [Strand] {
        let count = look.vessel == .bowl ? 34 : 76
        let step = 4 * scale
        var strands: [Strand] = []
        for number in 0..<count {
            let hash = StableHash(seed: look.seed).adding("strand").adding(number)
            let startAngle = hash.unit * 2 * .pi
            let startReach = hash.adding(1).unit.squareRoot() * reach * 0.85
            var x = centerX + cos(startAngle) * startReach
            var y = centerY + sin(startAngle) * startReach
            var heading = hash.adding(2).unit * 2 * .pi
            var turn = (hash.adding(3).unit - 0.5) * 0.3
            var points = [(x: x, y: y)]
            let length = 30 + hash.roll(30, draw: 4)
            for stepNumber in 0..<length {
                turn = min(0.22, max(-0.22, turn + (hash.adding(100 + stepNumber).unit - 0.5) * 0.14))
                heading += turn
                var nextX = x + cos(heading) * step
                var nextY = y + sin(heading) * step
                let angle = atan2(nextY - centerY, nextX - centerX)
                let limit = reach * wobble(angle)
                if ((nextX - centerX) * (nextX - centerX) + (nextY - centerY) * (nextY - centerY)).squareRoot() > limit {
                    heading = angle + .pi + (hash.adding(200 + stepNumber).unit - 0.5)  // turn back inward
                    nextX = x + cos(heading) * step
                    nextY = y + sin(heading) * step
                }
                x = nextX
                y = nextY
                points.append((x, y))
            }
            let tone = 0.94 + 0.12 * hash.adding(5).unit
            strands.append(Strand(points: points, halfWidth: 2.4 * scale, colour: look.grainColour.scaled(tone)))
        }
        return strands
    }

    func draw(
        into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, scale: Double,
        isHidden: (Double, Double) -> Bool
    ) {
        // The distance to the nearest segment over the strand's box, then one pass of colour, so the
        // strand is one smooth line rather than a chain of overlapping pieces.
        let reach = halfWidth + 1
        let left = max(0, Int((points.map(\.x).min() ?? 0) - reach))
        let right = min(width - 1, Int(((points.map(\.x).max() ?? 0) + reach).rounded(.up)))
        let top = max(0, Int((points.map(\.y).min() ?? 0) - reach))
        let bottom = min(height - 1, Int(((points.map(\.y).max() ?? 0) + reach).rounded(.up)))
        guard left <= right, top <= bottom else { return }
        let boxWidth = right - left + 1
        var nearest = [Double](repeating: .infinity, count: boxWidth * (bottom - top + 1))
        for index in 1..<points.count {
            let (ax, ay) = points[index - 1]
            let (bx, by) = points[index]
            let segmentX = bx - ax
            let segmentY = by - ay
            let lengthSquared = max(segmentX * segmentX + segmentY * segmentY, 0.0001)
            let rowFrom = max(top, Int(min(ay, by) - reach))
            let rowTo = min(bottom, Int((max(ay, by) + reach).rounded(.up)))
            let columnFrom = max(left, Int(min(ax, bx) - reach))
            let columnTo = min(right, Int((max(ax, bx) + reach).rounded(.up)))
            guard rowFrom <= rowTo, columnFrom <= columnTo else { continue }
            for row in rowFrom...rowTo {
                for column in columnFrom...columnTo {
                    let px = Double(column) + 0.5
                    let py = Double(row) + 0.5
                    let along = min(max(((px - ax) * segmentX + (py - ay) * segmentY) / lengthSquared, 0), 1)
                    let cx = px - (ax + along * segmentX)
                    let cy = py - (ay + along * segmentY)
                    let slot = (row - top) * boxWidth + (column - left)
                    nearest[slot] = min(nearest[slot], (cx * cx + cy * cy).squareRoot())
                }
            }
        }
        for row in top...bottom {
            for column in left...right {
                let centre = nearest[(row - top) * boxWidth + (column - left)]
                let distance = centre - halfWidth
                guard distance < 0.5, !isHidden(Double(column) + 0.5, Double(row) + 0.5) else { continue }
                let across = min(1, centre / halfWidth)
                let shade = across > 0.78 ? 0.72 : (across < 0.35 ? 1.1 : 0.97)
                let offset = (row * width + column) * 3
                let under = RGB(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
                let result = under.mixed(with: colour.scaled(shade), Shape.coverage(distance))
                pixels[offset] = DishPainter.byte(result.red)
                pixels[offset + 1] = DishPainter.byte(result.green)
                pixels[offset + 2] = DishPainter.byte(result.blue)
            }
        }
    }
}
