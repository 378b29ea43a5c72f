/**
 * Colissimo's label web service, SLS « Simple Label Solution »: what the shop asks for a label, and the
 * exact JSON body of `POST https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0/generateLabel` built from it. Each
 * value is written into its field by fields.ts; the answer is read by response.ts, a refusal told to the owner by
 * refusal-message.ts. Pure: no I/O.
 *
 * Documents the modules of this folder follow:
 * - La Poste Colissimo, « Spécifications du Web Service d'Affranchissement Colissimo » / « Colissimo Shipping Web
 *   Service – Technical document » (spec_ws_affranchissement.pdf),
 *   https://www.colissimo.entreprise.laposte.fr/fr/system/files/imagescontent/docs/spec_ws_affranchissement.pdf
 * - SLS's own OpenAPI description (« SlsServiceWS : documentation »: formats such as AN1…35, required fields, the
 *   HD product code, the multipart answer, the HTTP statuses), as republished at
 *   https://raw.githubusercontent.com/api-evangelist/la-poste/refs/heads/main/openapi/colissimo-shipping-openapi.json
 * - La Poste Colissimo's official plugins: https://github.com/ColissimoPlugin/Colissimo-WordPress
 *   (includes/label/lpc_label_generation_payload.php, includes/lpc_rest_api.php) and
 *   https://github.com/ColissimoPlugin/Magento_2 (Model/Carrier/GenerateLabelPayload.php and its unit test).
 * - Recorded answers and field lengths of public clients: https://github.com/karrioapi/karrio
 *   (modules/connectors/colissimo), https://github.com/ekyna/Colissimo, https://github.com/rem42/scraper-colissimo.
 * - The table of SLS error ids as transcribed by the CDI WooCommerce plugin (Halyra),
 *   https://github.com/common-repository/collect-and-deliver-interface-for-woocommerce
 */

import {
  addressLines,
  colissimoPhone,
  cut,
  oneLine,
  SLS_MAX_LENGTHS,
  type SlsAddress,
  slsWeightKg,
} from "./fields";

/** Where SLS's JSON/REST `generateLabel` lives, below https://ws.colissimo.fr (or a double's base address). */
export const SLS_GENERATE_LABEL_PATH = "/sls-ws/SlsServiceWSRest/2.0/generateLabel";

/** The PDF label formats the shop offers (SLS also prints ZPL and DPL for thermal printers). */
export type LabelFormat = "PDF_10x15_300dpi" | "PDF_A4_300dpi";

/** Home without signature, home against signature, and a pick-up point (relay, locker or post office). */
export type ColissimoProduct = "DOM" | "DOS" | "A2P";

export const COLISSIMO_PRODUCT_LABELS: Record<ColissimoProduct, string> = {
  DOM: "Colissimo Domicile sans signature",
  DOS: "Colissimo Domicile contre signature",
  A2P: "Colissimo en point retrait",
};

/**
 * The product code SLS is sent. « A2P » is the shop's name for delivery to a pick-up point, and was SLS's code for a
 * Pickup relay or locker (« BPR » for a post office) until 2024; SLS now takes every pick-up point as « HD » (hors
 * domicile): its OpenAPI documents only HD, and La Poste's own plugins switched to it in April-May 2024 (Magento 1.4.0,
 * WooCommerce 2.0.0, both still on the 2.0 endpoint). Sending A2P to a current contract risks a refusal.
 */
export const SLS_PRODUCT_CODES: Record<ColissimoProduct, "DOM" | "DOS" | "HD"> = {
  DOM: "DOM",
  DOS: "DOS",
  A2P: "HD",
};

export interface LabelInput {
  /** The contract's customer number and its web-service password (SLS's older authentication, still accepted). */
  contractNumber: string;
  password: string;
  format: LabelFormat;
  productCode: ColissimoProduct;
  /** The day the parcel is handed to La Poste, YYYY-MM-DD; SLS refuses a day already past (30002). */
  depositDate: string;
  /** The shop's order number: Colissimo's « réf. client » in tracking, and the reference printed on the label. */
  orderNumber: string;
  /** The shop's name as the addressee's Colissimo e-mails show it (mandatory for a pick-up point). */
  commercialName: string;
  /** The parcel's weight, packaging included. */
  weightGrams: number;
  /** The pick-up point's 6-digit identifier (La Poste's pick-up points service); only for A2P. */
  pickupLocationId?: string;
  sender: {
    companyName: string;
    /** Number and street (« 12 rue des Savonniers »). */
    line: string;
    zipCode: string;
    city: string;
    countryCode: string;
    email?: string;
    /** As the shop stores a phone: E.164, e.g. +33491234567. */
    phone?: string;
  };
  /**
   * The customer. For A2P, SLS prints the pick-up point's own address from pickupLocationId; La Poste's plugins send
   * the point's address here (and its name as companyName), the customer's own address is accepted too.
   */
  addressee: {
    firstName: string;
    lastName: string;
    /** Number and street. */
    line1: string;
    /** The address complement (building, flat, lieu-dit). */
    line2?: string | null;
    zipCode: string;
    city: string;
    countryCode: string;
    /** As the shop stores it: E.164, e.g. +33612345678. */
    phone: string;
    email: string;
  };
}

/** The JSON body of generateLabel, as the shop sends it. */
export interface SlsLabelRequest {
  contractNumber: string;
  password: string;
  outputFormat: { x: number; y: number; outputPrintingType: LabelFormat };
  letter: {
    service: {
      productCode: "DOM" | "DOS" | "HD";
      depositDate: string;
      orderNumber: string;
      commercialName: string;
    };
    parcel: { weight: number; pickupLocationId?: string };
    sender: { senderParcelRef: string; address: SlsAddress };
    addressee: { addresseeParcelRef: string; address: SlsAddress };
  };
}

/** The exact JSON body SLS's generateLabel expects for this parcel. */
export function labelRequestBody(input: LabelInput): SlsLabelRequest {
  const { sender, addressee } = input;
  const senderCountry = oneLine(sender.countryCode).toUpperCase();
  const addresseeCountry = oneLine(addressee.countryCode).toUpperCase();
  const orderNumber = oneLine(input.orderNumber);
  const senderEmail = oneLine(sender.email);
  const { phoneNumber, mobileNumber } = colissimoPhone(sender.phone, senderCountry);
  const senderPhone = phoneNumber ?? mobileNumber;
  const pickupLocationId = oneLine(input.pickupLocationId);
  const max = SLS_MAX_LENGTHS;
  return {
    contractNumber: oneLine(input.contractNumber),
    // Sent as typed: a password may begin or end with a space.
    password: input.password,
    // x and y shift the print (in points): required, 0 leaves it where SLS puts it.
    outputFormat: { x: 0, y: 0, outputPrintingType: input.format },
    letter: {
      service: {
        productCode: SLS_PRODUCT_CODES[input.productCode],
        depositDate: oneLine(input.depositDate),
        orderNumber: cut(orderNumber, max.orderNumber),
        commercialName: cut(oneLine(input.commercialName), max.commercialName),
      },
      parcel: {
        weight: slsWeightKg(input.weightGrams),
        // SLS wants it for a pick-up point and refuses it for a home delivery.
        ...(input.productCode === "A2P" && { pickupLocationId }),
      },
      sender: {
        senderParcelRef: cut(orderNumber, max.senderParcelRef),
        address: {
          companyName: cut(oneLine(sender.companyName), max.companyName),
          ...addressLines(sender.line, null, senderCountry),
          countryCode: senderCountry,
          city: cut(oneLine(sender.city), max.city),
          zipCode: oneLine(sender.zipCode),
          ...(senderEmail ? { email: senderEmail } : {}),
          // The shop's phone is no notification number: it goes as phoneNumber, whatever its kind.
          ...(senderPhone ? { phoneNumber: senderPhone } : {}),
        },
      },
      addressee: {
        addresseeParcelRef: cut(orderNumber, max.addresseeParcelRef),
        address: {
          lastName: cut(oneLine(addressee.lastName), max.lastName),
          firstName: cut(oneLine(addressee.firstName), max.firstName),
          ...addressLines(addressee.line1, addressee.line2, addresseeCountry),
          countryCode: addresseeCountry,
          city: cut(oneLine(addressee.city), max.city),
          zipCode: oneLine(addressee.zipCode),
          ...colissimoPhone(addressee.phone, addresseeCountry),
          email: oneLine(addressee.email),
        },
      },
    },
  };
}
