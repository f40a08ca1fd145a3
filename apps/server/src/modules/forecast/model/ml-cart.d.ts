/** The slice of ml-cart (mljs CART trees, no bundled types) the forecast uses. */
declare module 'ml-cart' {
  export interface CartNode {
    splitColumn?: number;
    splitValue?: number;
    left?: CartNode;
    right?: CartNode;
    distribution?: number;
  }
  export class DecisionTreeRegression {
    constructor(options?: { minNumSamples?: number; maxDepth?: number; gainFunction?: string });
    root: CartNode;
    train(x: number[][], y: number[]): void;
    predict(x: number[][]): number[];
  }
}
