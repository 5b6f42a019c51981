/** The demo defect library of a brand: families, then defects (code, category, default severity, en/fr/it names). */
type Names = { en: string; fr: string; it: string };
export interface SeedDefect {
  code: string;
  category: string;
  severity: 'CRITICAL' | 'MAJOR' | 'MINOR';
  names: Names;
}
export interface SeedFamily {
  code: string;
  names: Names;
  defects: SeedDefect[];
}

const d = (code: string, category: string, severity: SeedDefect['severity'], en: string, fr: string, it: string): SeedDefect => ({ code, category, severity, names: { en, fr, it } });

export const DEFECT_LIBRARY: SeedFamily[] = [
  {
    code: 'APP',
    names: { en: 'Appearance', fr: 'Aspect', it: 'Aspetto' },
    defects: [
      d('APP-01', 'APPEARANCE', 'MINOR', 'Stain', 'Tache', 'Macchia'),
      d('APP-02', 'APPEARANCE', 'MINOR', 'Shade variation', 'Écart de nuance', 'Differenza di tonalità'),
      d('APP-03', 'APPEARANCE', 'MAJOR', 'Hole or tear', 'Trou ou déchirure', 'Foro o strappo'),
      d('APP-04', 'APPEARANCE', 'MINOR', 'Loose thread', 'Fil qui dépasse', 'Filo sporgente'),
    ],
  },
  {
    code: 'WRK',
    names: { en: 'Workmanship', fr: 'Façon', it: 'Lavorazione' },
    defects: [
      d('WRK-01', 'WORKMANSHIP', 'MAJOR', 'Broken stitch', 'Point cassé', 'Punto rotto'),
      d('WRK-02', 'WORKMANSHIP', 'MAJOR', 'Open seam', 'Couture ouverte', 'Cucitura aperta'),
      d('WRK-03', 'WORKMANSHIP', 'MINOR', 'Uneven hem', 'Ourlet irrégulier', 'Orlo irregolare'),
      d('WRK-04', 'WORKMANSHIP', 'MINOR', 'Puckering', 'Fronces', 'Arricciatura'),
    ],
  },
  {
    code: 'MES',
    names: { en: 'Measurements', fr: 'Mesures', it: 'Misure' },
    defects: [
      d('MES-01', 'MEASUREMENTS', 'MAJOR', 'Out of tolerance', 'Hors tolérance', 'Fuori tolleranza'),
      d('MES-02', 'FITTING', 'MAJOR', 'Wrong fit', 'Mauvais bien-aller', 'Vestibilità errata'),
      d('MES-03', 'WEIGHT', 'MINOR', 'Weight deviation', 'Écart de poids', 'Scostamento di peso'),
    ],
  },
  {
    code: 'LAB',
    names: { en: 'Labelling and packing', fr: 'Étiquetage et emballage', it: 'Etichettatura e imballaggio' },
    defects: [
      d('LAB-01', 'LABELLING_AND_PACKING', 'MAJOR', 'Missing care label', 'Étiquette d’entretien absente', 'Etichetta di manutenzione mancante'),
      d('LAB-02', 'LABELLING_AND_PACKING', 'MINOR', 'Wrong carton marking', 'Marquage carton erroné', 'Marcatura cartone errata'),
      d('LAB-03', 'CONFORMITY', 'MAJOR', 'Wrong size label', 'Mauvaise étiquette de taille', 'Etichetta taglia errata'),
    ],
  },
  {
    code: 'ACC',
    names: { en: 'Accessories', fr: 'Accessoires', it: 'Accessori' },
    defects: [
      d('ACC-01', 'ACCESSORIES', 'MAJOR', 'Zip not working', 'Fermeture éclair défectueuse', 'Cerniera difettosa'),
      d('ACC-02', 'ACCESSORIES', 'MINOR', 'Button loose', 'Bouton mal fixé', 'Bottone allentato'),
    ],
  },
  {
    code: 'SEC',
    names: { en: 'Safety', fr: 'Sécurité', it: 'Sicurezza' },
    defects: [
      d('SEC-01', 'SECURITY', 'CRITICAL', 'Sharp point or edge', 'Pointe ou arête vive', 'Punta o spigolo vivo'),
      d('SEC-02', 'SECURITY', 'CRITICAL', 'Broken needle found', 'Aiguille cassée trouvée', 'Ago rotto trovato'),
      d('SEC-03', 'QUALITY', 'MAJOR', 'Colour fastness failure', 'Défaut de solidité des couleurs', 'Solidità del colore insufficiente'),
    ],
  },
];
