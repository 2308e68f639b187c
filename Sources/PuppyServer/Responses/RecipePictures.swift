import PuppyCatalog
/// Where each recipe's photo is and what the server answers for it: a photo the server holds (from
/// the bundled cookbook or beside a catalog file) at `/pictures/{id}.jpg` and `/thumbnails/{id}.jpg`
/// (the extension that of its kind), a photo given as an address at that address, and none for a
/// recipe without a photo, whose results carry an empty thumbnail.
struct RecipePictures: Sendable {
    private let photos: CatalogPhotos
    private let recipes: [CatalogRecipe]
    /// The picture's address by catalog position; nil for none.
    let pictureURLs: [String?]
    /// The thumbnail's address by catalog position; "" for none.
    let thumbnailURLs: [String]

    init(recipes: [CatalogRecipe], photos: CatalogPhotos, urls: SiteURLs) {
        self.photos = photos
        self.recipes = recipes
        pictureURLs = recipes.map { recipe in
            if let photo = recipe.photo, !CatalogPhotos.isFileName(photo) { return photo }
            return photos.picture(for: recipe).map { urls.picture(recipe.id, type: $0.contentType) }
        }
        thumbnailURLs = recipes.map { recipe in
            if let thumbnail = recipe.thumbnail { return thumbnail }
            if let thumb = recipe.thumb ?? recipe.photo, !CatalogPhotos.isFileName(thumb) { return thumb }
            return photos.thumbnail(for: recipe).map { urls.thumbnail(recipe.id, type: $0.contentType) } ?? ""
        }
    }

    func picture(at position: Int) -> CatalogPhotos.Photo? {
        photos.picture(for: recipes[position])
    }

    func thumbnail(at position: Int) -> CatalogPhotos.Photo? {
        photos.thumbnail(for: recipes[position])
    }

    /// The file extension a picture's address ends with, for its kind.
    static func fileExtension(_ contentType: String) -> String {
        switch contentType {
        case "image/png": "png"
        case "image/webp": "webp"
        default: "jpg"
        }
    }
}
