export interface LayerZone {
  target: string;
  from: string | string[];
  except?: string[];
  message: string;
}

export const SERVER_FEATURES: string[];
export const LAYER_ZONES: LayerZone[];
