extension FoodFacts {
    /// What RecipeBook knows about food, one fact a line. Search (both ends), suggestions, completion and
    /// the lactose rule read it. Names are compared folded (`IngredientName`: case, accents and plurals do
    /// not matter), so write them as cooks do.
    ///
    ///     FAMILY: KIND, KIND, …        each KIND is a kind of FAMILY (a feta is a cheese); kinds of kinds
    ///                                  are kinds too
    ///     = NAME, NAME, …              one food under several names (the first is how it is known here)
    ///     not WORD: NAME, NAME, …      false friends: names holding WORD that are not WORD
    ///     part: WORD, WORD, …          a name ending in one of these (`chicken thighs`, `lime juice`,
    ///                                  `leg of lamb`) is the food it is a part of
    ///     called FAMILY: WORD, …       a kind of FAMILY written with one of these words after it is still
    ///                                  that kind (`jalapeño peppers`, `guajillo chiles`)
    ///
    /// Besides these facts one rule holds for every name: a name is what its last words are (`black beans`
    /// are beans, `parmesan cheese` is a cheese, `sour cream` a cream), unless a `not` line says otherwise
    /// (`vanilla bean`, `peanut butter`, `cream of tartar`). A name is never what only its first words are
    /// (`fish sauce` is no fish, `rice vinegar` no rice), nor what a word merely contains (`nutmeg`,
    /// `butternut squash`).
    ///
    /// Kinds, other names and false friends follow common culinary usage; the cheese, cream and milk
    /// entries are those the lactose rule has always used.
    static let table = """
    # Dairy. The lactose rule counts every cheese below, and excuses the false friends of milk, butter, cream,
    # cheese and yogurt unless they are dairy themselves (ice cream).
    dairy: milk, cream, butter, cheese, yogurt, ice cream, gelato, custard, kefir, whey, buttermilk, ghee
    = cheese, queso, fromage, formaggio, käse, kaas, queijo
    cheese: cheddar, parmesan, mozzarella, feta, colby, monterey jack, pepper jack, velveeta, chhurpi, parmigiano
    cheese: grana padano, pecorino, bocconcini, burrata, stracciatella, scamorza, caciocavallo, provolone, taleggio
    cheese: fontina, asiago, gorgonzola, mascarpone, ricotta, robiola, stracchino, crescenza, brie, camembert
    cheese: roquefort, gruyère, comté, emmental, emmentaler, emmenthal, raclette, reblochon, munster, muenster
    cheese: tomme, chèvre, neufchâtel, boursin, époisses, morbier, cantal, vacherin, mimolette, cambozola
    cheese: limburger, appenzeller, tilsit, jarlsberg, havarti, gouda, edam, leerdammer, gjetost, brunost
    cheese: stilton, wensleydale, manchego, idiazabal, cabrales, halloumi, haloumi, hellim, kasseri
    cheese: kefalotyri, kefalograviera, graviera, mizithra, myzithra, manouri, anthotyros, kashkaval, kasar
    cheese: bryndza, brynza, sirene, telemea, oscypek, twarog, tvorog, akkawi, nabulsi, jibneh, jibne, jben
    cheese: shanklish, cotija, asadero, paneer, queso fresco, queso blanco, queso oaxaca, oaxaca cheese, coalho
    cheese: chihuahua cheese, ricotta salata, cream cheese, cottage cheese, farmer cheese, goat cheese
    cheese: blue cheese, swiss cheese, american cheese, cheese curds
    = parmesan, parmigiano reggiano, parmigiano
    = mozzarella, fior di latte
    mozzarella: bocconcini, buffalo mozzarella, mozzarella di bufala
    pecorino: pecorino romano, pecorino sardo
    = chevre, goat cheese
    = emmental, emmentaler, emmenthal, swiss cheese
    = halloumi, haloumi, hellim
    not cheese: head cheese, cheesecloth, cheese cloth, cashew cheese, vegan cheese, tofu cheese
    = heavy cream, double cream, whipping cream, heavy whipping cream, thickened cream
    cream: heavy cream, single cream, light cream, clotted cream, creme fraiche, crema, mexican crema, sour cream
    = sour cream, soured cream
    not cream: cream of tartar, ice cream, cream soda, cream crackers, salad cream, cream sherry, coconut cream
    not cream: cream of coconut, cream of wheat, cream of rice, creamed coconut, cashew cream, oat cream
    not butter: peanut butter, almond butter, cashew butter, nut butter, cocoa butter, cacao butter, shea butter
    not butter: apple butter, sunflower seed butter, vegetable butter, butter beans, butter lettuce, butternut squash
    butter: ghee, clarified butter, niter kibbeh
    = milk, whole milk
    milk: skim milk, skimmed milk, semi skimmed milk, low fat milk, full fat milk, buttermilk, goat milk
    not milk: coconut milk, almond milk, oat milk, soy milk, soya milk, rice milk, cashew milk, hemp milk
    not milk: milk thistle, coconut milk powder, non dairy milk, dairy free milk, plant milk, vegan milk
    = yogurt, yoghurt, dahi, curd, plain yogurt
    yogurt: greek yogurt, labneh, skyr, strained yogurt
    not yogurt: coconut yogurt, soy yogurt, almond yogurt, oat yogurt, vegan yogurt
    not curd: bean curd, lemon curd, soy curd, cheese curds
    dairy: lemon curd

    # Eggs.
    = egg, whole egg, hen egg
    not egg: egg noodles, egg roll wrappers, egg replacer, eggplant
    part: yolk, white

    # Meat, and the parts of an animal that name it.
    part: thigh, breast, wing, drumstick, leg, belly, shoulder, loin, tenderloin, chop, cutlet, fillet, filet
    part: short rib, rib, spare rib, shank, neck, cheek, hock, knuckle, mince, meat, tail, collar, jowl, butt, rack
    part: piece, strip, chunk, cube, slice, wedge, floret, kernel, juice, zest, peel, rind
    = ground beef, minced beef, beef mince, hamburger meat
    = ground pork, minced pork, pork mince
    = ground lamb, minced lamb, lamb mince
    = ground chicken, minced chicken, chicken mince
    meat: beef, pork, lamb, veal, goat, mutton, venison, rabbit
    beef: steak, sirloin, brisket, chuck roast, ribeye, rib eye steak, flank steak, skirt steak, hanger steak
    beef: topside, silverside, oxtail, beef short ribs, short ribs
    lamb: mutton
    pork: spare ribs, baby back ribs, boston butt
    not meat: crab meat, coconut meat, imitation crab meat
    poultry: chicken, turkey, duck, goose, quail, guinea fowl, cornish hen, hen
    chicken: cornish hen
    ham: prosciutto, jamón, jamon, serrano ham, speck, ham hock
    sausage: chorizo, andouille, kielbasa, bratwurst, merguez, linguica, longganisa, boudin, frankfurter, hot dog
    sausage: salami, pepperoni, nduja, lap cheong, chinese sausage, blood sausage, black pudding, morcilla
    sausage: chipolata, weisswurst, cotechino, salchichon, sobrasada, soppressata
    = chinese sausage, lap cheong

    # Fish and shellfish.
    seafood: fish, shellfish, squid, octopus, cuttlefish
    fish: cod, salt cod, haddock, salmon, tuna, trout, mackerel, sardine, herring, halibut, hake, pollock
    fish: sea bass, bass, sea bream, bream, snapper, sole, plaice, flounder, catfish, tilapia, carp, swordfish
    fish: monkfish, mahi mahi, grouper, barramundi, eel, branzino, turbot, skate, pike, perch, anchovy, whiting
    fish: sprat, smelt, milkfish, kingfish, whitefish, flying fish, black cod, arctic char
    = salt cod, bacalao, bacalhau, baccalà, klippfisk
    not fish: fish sauce, goldfish crackers, swedish fish
    shellfish: shrimp, crab, lobster, crawfish, crayfish, langoustine, clam, mussel, oyster, scallop, cockle
    shellfish: whelk, periwinkle, abalone, sea urchin, razor clam
    = shrimp, prawn
    = crawfish, crayfish
    = squid, calamari
    = crab, crab meat, crabmeat
    not shrimp: shrimp paste, shrimp chips, prawn crackers, shrimp crackers
    not oyster: oyster sauce, oyster mushroom, king oyster mushroom
    not crab: crab apple

    # Vegetables, herbs and fruit under other names.
    = green onion, scallion, spring onion, salad onion
    = cilantro, coriander leaf, fresh coriander, chinese parsley
    = coriander, ground coriander, coriander powder
    coriander: coriander seed, cilantro
    = eggplant, aubergine, brinjal
    = zucchini, courgette, zucchine
    = chickpea, garbanzo bean, garbanzo, chick pea, ceci bean
    = bell pepper, capsicum, sweet pepper
    = green bell pepper, green pepper
    = red bell pepper, red pepper
    = yellow bell pepper, yellow pepper
    = arugula, rocket
    = beet, beetroot
    = bok choy, pak choi, bok choi
    = napa cabbage, chinese cabbage
    = daikon, mooli, white radish
    = rutabaga, swede
    = snow pea, mangetout
    = cassava, yuca, manioc
    = okra, ladies fingers, bhindi
    = romaine lettuce, cos lettuce
    = green bean, string bean, french bean, haricot vert, snap bean
    green bean: long bean, yardlong bean, runner bean, fine bean
    = fava bean, broad bean
    = lima bean, butter bean
    = navy bean, haricot bean
    = kidney bean, red kidney bean
    = pea, green pea, garden pea, petit pois, petits pois
    = kaffir lime leaf, makrut lime leaf, lime leaf
    = chili, chile, chilli, chili pepper, chile pepper, chilli pepper, hot pepper
    called chili: pepper, chile
    chili: jalapeño, serrano, habanero, scotch bonnet, bird's eye chili, thai chili, poblano, ancho, guajillo
    chili: chipotle, pasilla, mulato, arbol, chile de arbol, cayenne, aji amarillo, aji panca, rocoto, fresno
    chili: kashmiri chili, gochugaru, red pepper flakes, chili flakes, chilli flakes, calabrian chili, espelette
    chili: piri piri, bird chili, dried chili, green chili, red chili
    not pepper: dr pepper, pepper jack, pepperoni, peppermint, chili pepper, chile pepper, chilli pepper, hot pepper
    = black pepper, ground black pepper, cracked black pepper
    black pepper: black peppercorn
    mushroom: shiitake, porcini, chanterelle, cremini, crimini, portobello, enoki, morel, maitake, shimeji
    mushroom: button mushroom, chestnut mushroom, baby bella, oyster mushroom, king oyster mushroom, wood ear
    = cremini, crimini, baby bella, chestnut mushroom
    onion: shallot, pearl onion
    garlic: garlic clove
    not clove: garlic clove
    not lemon: lemongrass, lemon grass, lemon balm, lemon verbena, lemonade
    citrus: lemon, lime, orange, grapefruit, mandarin, clementine, tangerine, yuzu, calamansi, bergamot, kumquat
    lime: key lime, kaffir lime, makrut lime
    not lime: slaked lime, pickling lime
    berry: strawberry, raspberry, blueberry, blackberry, cranberry, gooseberry, lingonberry, huckleberry
    berry: mulberry, elderberry, boysenberry, loganberry, bilberry, cloudberry, red currant, blackcurrant, black currant
    not berry: juniper berry, allspice berry, coffee berry
    squash: butternut squash, kabocha, kabocha squash, acorn squash, zucchini, pumpkin, delicata squash
    potato: russet, yukon gold, maris piper, fingerling potato
    tomato: cherry tomato, plum tomato, roma tomato, san marzano tomato, tinned tomato, canned tomato
    = canned tomato, tinned tomato
    herb: basil, parsley, cilantro, dill, mint, thyme, rosemary, sage, oregano, tarragon, chive, marjoram, chervil
    herb: bay leaf, lovage, savory, epazote, culantro, thai basil, holy basil, shiso, perilla
    basil: thai basil, holy basil, sweet basil, genovese basil, lemon basil
    ginger: stem ginger, crystallized ginger, candied ginger, young ginger, ginger root

    # Grains, pasta, noodles, bread.
    pasta: spaghetti, spaghettini, linguine, fettuccine, tagliatelle, pappardelle, bucatini, penne, rigatoni, ziti
    pasta: fusilli, farfalle, orecchiette, macaroni, elbow macaroni, conchiglie, pasta shell, ditalini, orzo
    pasta: lasagna, cannelloni, ravioli, tortellini, angel hair, capellini, paccheri, gemelli, cavatappi, trofie
    pasta: campanelle, fregola, pici, strozzapreti, casarecce, radiatori, mafaldine, tortiglioni
    = lasagna, lasagne, lasagna noodle, lasagna sheet
    = angel hair, angel hair pasta, capellini
    not pasta: pasta sauce, pasta water
    noodle: ramen, udon, soba, somen, vermicelli, rice vermicelli, shirataki, lo mein, chow mein, japchae noodle
    = rice vermicelli, rice stick, bihun, bee hoon
    = glass noodle, cellophane noodle, bean thread noodle, mung bean noodle
    rice: basmati, jasmine rice, arborio, carnaroli, bomba, calasparra, sushi rice, glutinous rice, sticky rice
    rice: wild rice, brown rice, broken rice, paella rice, risotto rice, black rice, red rice
    = glutinous rice, sticky rice, sweet rice
    not rice: cauliflower rice, rice bran oil
    lentil: dal, dhal, toor dal, urad dal, masoor dal, moong dal
    = toor dal, toovar dal, arhar dal, pigeon pea lentil
    bean: kidney bean, pinto bean, cannellini bean, navy bean, borlotti bean, black bean, white bean, red bean
    bean: mung bean, adzuki bean, great northern bean, flageolet bean, black eyed bean, fava bean, lima bean
    = black eyed pea, black eyed bean, cowpea
    not bean: vanilla bean, jelly bean, coffee bean, cocoa bean, cacao bean, bean sprout, bean curd
    bread: baguette, flatbread, naan, pita, ciabatta, focaccia, brioche, sourdough, bun, roll, bread roll, challah
    = pita, pita bread, pitta, pitta bread
    = phyllo, phyllo dough, filo, filo pastry, fillo
    flour: all purpose flour, plain flour, bread flour, cake flour, pastry flour, self raising flour
    = all purpose flour, plain flour
    = self raising flour, self rising flour
    = cornstarch, cornflour, corn starch
    = corn, sweetcorn, sweet corn, corn kernel, maize
    not corn: corn syrup, corn tortilla, corn husk, corn oil

    # Sugar, sweets, flavourings.
    sugar: white sugar, granulated sugar, caster sugar, brown sugar, powdered sugar, palm sugar, coconut sugar
    sugar: demerara sugar, muscovado sugar, turbinado sugar, cane sugar, raw sugar, rock sugar, pearl sugar
    sugar: jaggery, panela, piloncillo, vanilla sugar
    = caster sugar, superfine sugar
    = powdered sugar, icing sugar, confectioners sugar, confectioner's sugar
    brown sugar: light brown sugar, dark brown sugar, soft brown sugar
    not sugar: sugar snap pea, snap pea, sugar free
    chocolate: chocolate chip, chocolate chunk, dark chocolate, milk chocolate, white chocolate, baking chocolate
    = dark chocolate, bittersweet chocolate, semisweet chocolate, plain chocolate
    not chocolate: chocolate mint
    vanilla: vanilla bean, vanilla pod, vanilla extract, vanilla essence, vanilla paste
    nut: almond, walnut, pecan, cashew, pistachio, hazelnut, macadamia, brazil nut, pine nut, candlenut
    = hazelnut, filbert
    = peanut, groundnut
    = pine nut, pignoli
    not nut: nutmeg, butternut squash, doughnut, donut, nutritional yeast, coconut milk

    # Sauces, liquids, stocks.
    = soy sauce, soya sauce, shoyu
    soy sauce: light soy sauce, dark soy sauce, tamari
    = kecap manis, sweet soy sauce
    = chicken stock, chicken broth
    = beef stock, beef broth
    = vegetable stock, vegetable broth
    = fish stock, fish broth
    = stock, broth
    stock: dashi, bouillon, stock cube, bone broth, veal stock, mushroom stock
    wine: red wine, white wine, rose wine, sparkling wine, shaoxing wine, rice wine, cooking wine, champagne, prosecco
    = shaoxing wine, shaoxing rice wine, chinese cooking wine
    = marsala, marsala wine
    = port, port wine
    not wine: wine vinegar, red wine vinegar, white wine vinegar, rice wine vinegar
    vinegar: balsamic, black vinegar, chinkiang vinegar
    = apple cider vinegar, cider vinegar
    not water: rose water, orange blossom water, coconut water, soda water, lye water
    """
}
