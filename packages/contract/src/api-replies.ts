import { z } from "zod";
import type { TokenResponse, UserInfo, UserResponse } from "./accounts.ts";
import type {
  ArtistStorefrontResponse,
  CarouselResponse,
  CollectionDesignsResponse,
  DesignCard,
  DesignGarmentImagesResponse,
  DesignResponse,
  HomeCollection,
  ImageSource,
  MarketplaceSaleResponse,
  PageMeta,
  SearchDesignsResponse,
  SearchSuggestionsResponse,
} from "./discovery-constants.ts";
import { SEARCH_SORTS } from "./discovery-constants.ts";
import type {
  CustomerProfileDesignCollection,
  CustomerProfileDesignCollectionWithDesigns,
  DeleteCollectionResponse,
  FollowedArtistsResponse,
  FollowStateResponse,
  LikedDesignCard,
  ToggleLikedVariantResponse,
} from "./favorites.ts";
import type { DesignTagsResponse } from "./studio-designer.ts";

/**
 * Reply schemas of the calls whose replies were TypeScript types only (discovery, accounts, favourites, follows and
 * a few small ones), for the API's description (`api-operations.ts`, decision 062). Each is checked against the
 * type the web app reads (`z.ZodType<Type>`), so the two cannot drift apart; the integration tests validate every
 * reply against the description, so the schemas cannot drift from what the server sends. camelCase, like every
 * contract schema: the description converts names to the wire's snake_case.
 */

const nullable = <Schema extends z.ZodType>(schema: Schema) => schema.nullable();

export const imageSourceSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
}) satisfies z.ZodType<ImageSource>;

export const pageMetaReplySchema = z.object({
  totalCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  totalCountCapped: z.boolean().optional(),
}) satisfies z.ZodType<PageMeta>;

export const designCardSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  slug: z.string(),
  displayName: z.string(),
  price: z.string(),
  onSale: z.boolean(),
  salesPrice: z.string(),
  defaultColor: z.string(),
  watermarkedSignedUrls: z.record(z.string(), z.string()),
  artistName: z.string(),
  artistUuid: z.string(),
  artistUniqueUsername: z.string(),
  sellerProfileId: z.string(),
  defaultSellerDesignProductVariantId: z.number().int().nullable(),
}) satisfies z.ZodType<DesignCard>;

const sortSchema = z.enum(SEARCH_SORTS);

export const searchDesignsReplySchema: z.ZodType<SearchDesignsResponse> = z.object({
  data: z.array(designCardSchema),
  meta: pageMetaReplySchema.extend({
    query: z.string(),
    sort: sortSchema,
    droppedWords: z.array(z.string()).optional(),
  }),
});

export const collectionDesignsReplySchema: z.ZodType<CollectionDesignsResponse> = z.object({
  data: z.array(designCardSchema),
  meta: pageMetaReplySchema.extend({
    nameKey: z.string() as z.ZodType<CollectionDesignsResponse["meta"]["nameKey"]>,
    displayName: z.string(),
    sort: sortSchema,
  }),
});

export const homeCollectionSchema: z.ZodType<HomeCollection> = z.object({
  id: z.string(),
  type: z.string(),
  attributes: z.object({ displayName: z.string(), homePagePreview: z.array(designCardSchema) }),
});

/** The home collections keyed by name, and the page view's event id. */
export const homeCollectionsReplySchema = z.object({ eventId: z.string().optional() }).catchall(homeCollectionSchema);

/** `GET /internal_design_collections`: the home collections without `query`, a page of results with it. */
export const homeCollectionsOrSearchReplySchema = z.union([searchDesignsReplySchema, homeCollectionsReplySchema]);

export const carouselReplySchema: z.ZodType<CarouselResponse> = z.object({
  data: z.object({
    id: z.string(),
    type: z.string(),
    attributes: z.object({
      locationCode: z.string(),
      slideDelayInMs: z.number().int().nonnegative(),
      carouselAssets: z.array(
        z.object({
          id: z.string(),
          type: z.string(),
          attributes: z.object({
            id: z.number().int(),
            assetUrl: z.string(),
            image: imageSourceSchema,
            phoneImage: imageSourceSchema,
            clickDestinationUrl: z.string(),
            altText: z.string().nullable(),
          }),
        }),
      ),
    }),
  }),
});

export const marketplaceSaleReplySchema: z.ZodType<MarketplaceSaleResponse> = z.object({
  data: nullable(
    z.object({
      id: z.string(),
      type: z.string(),
      attributes: z.object({
        name: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        percentOff: z.number().int(),
      }),
    }),
  ),
});

/** An artist's profile as the storefront's header and the followed artists list show it. */
const artistAttributesSchema = z.object({
  uuid: z.string(),
  uniqueUsername: z.string(),
  displayName: z.string(),
  bio: z.string(),
  avatar: imageSourceSchema.nullable(),
  banner: imageSourceSchema.nullable(),
  designCount: z.number().int().nonnegative(),
  followerCount: z.number().int().nonnegative(),
});

const artistProfileSchema = z.object({ id: z.string(), type: z.string(), attributes: artistAttributesSchema });

export const artistStorefrontReplySchema: z.ZodType<ArtistStorefrontResponse> = z.object({
  data: artistProfileSchema,
  designs: z.array(designCardSchema),
  collections: z.array(z.object({ id: z.string(), name: z.string(), designs: z.array(designCardSchema) })),
  meta: pageMetaReplySchema,
});

const watermarkedImagesSchema = z.record(z.string(), z.object({ watermarked: imageSourceSchema }));

export const designReplySchema: z.ZodType<DesignResponse> = z.object({
  data: z.object({
    id: z.string(),
    type: z.string(),
    attributes: designCardSchema.extend({
      description: z.string(),
      tags: z.array(z.string()),
      publishedAt: z.string().nullable(),
      colors: z.array(z.object({ key: z.string(), displayName: z.string(), hex: z.string() })),
      images: z.record(z.string(), watermarkedImagesSchema),
      variants: z.array(
        z.object({
          id: z.number().int(),
          isDefault: z.boolean(),
          garmentStyleKey: z.string(),
          garmentStyleDisplayName: z.string(),
          fit: z.string(),
          garment: z.string(),
          price: z.string(),
          priceCents: z.number().int(),
          onSale: z.boolean(),
          salesPrice: z.string(),
          sizes: z.array(z.string()),
          colors: z.array(z.string()),
        }),
      ),
      artist: z.object({
        uuid: z.string(),
        uniqueUsername: z.string(),
        displayName: z.string(),
        avatar: imageSourceSchema.nullable(),
      }),
      moreByArtist: z.array(designCardSchema),
    }),
  }),
});

export const designGarmentImagesReplySchema: z.ZodType<DesignGarmentImagesResponse> = z.object({
  data: z.object({ garment: z.string(), images: watermarkedImagesSchema }),
});

export const searchSuggestionsReplySchema: z.ZodType<SearchSuggestionsResponse> = z.object({
  data: z.object({
    designs: z.array(
      z.object({ uuid: z.string(), slug: z.string(), displayName: z.string(), defaultColor: z.string() }),
    ),
    tags: z.array(z.string()),
    artists: z.array(z.object({ uuid: z.string(), uniqueUsername: z.string(), displayName: z.string() })),
  }),
});

export const designTagsReplySchema: z.ZodType<DesignTagsResponse> = z.object({ data: z.array(z.string()) });

// Accounts

export const userReplySchema: z.ZodType<UserResponse> = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal("user"),
    attributes: z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      username: z.string(),
      uniqueUsername: z.string(),
      emailConfirmed: z.boolean(),
    }),
  }),
});

export const userInfoReplySchema: z.ZodType<UserInfo> = z.object({
  favoriteDesignUuids: z.array(z.string()),
  followedSellerUuids: z.array(z.string()),
  uniqueUsername: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const tokenReplySchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int().positive(),
  refreshToken: z.string(),
  createdAt: z.number().int(),
}) satisfies z.ZodType<TokenResponse>;

/** `POST /oauth/token`: the refresh grant's reply also names the new access token `token` (spec section 7). */
export const oauthTokenReplySchema = tokenReplySchema.extend({ token: z.string().optional() });

/** RFC 6749 section 5.2's error reply of `/oauth/*`. */
export const oauthErrorReplySchema = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
  /** The spec's client reads `message: 'unconfirmed'` for an account whose e-mail is not confirmed. */
  message: z.string().optional(),
});

/** A short acknowledgement (`{ message }`): the password reset request. */
export const messageReplySchema = z.object({ message: z.string() });

// Favourites and follows

const collectionAttributesSchema = z.object({
  displayName: z.string(),
  likedDefaultVariantIds: z.array(z.number().int()),
  isDefault: z.boolean(),
  designCount: z.number().int().nonnegative(),
});

export const favoriteCollectionSchema: z.ZodType<CustomerProfileDesignCollection> = z.object({
  id: z.number().int(),
  type: z.literal("customer_profile_design_collection"),
  attributes: collectionAttributesSchema,
});

const likedDesignCardSchema = designCardSchema.extend({
  likedSellerDesignProductVariantId: z.number().int(),
}) satisfies z.ZodType<LikedDesignCard>;

export const favoriteCollectionWithDesignsSchema: z.ZodType<CustomerProfileDesignCollectionWithDesigns> = z.object({
  id: z.number().int(),
  type: z.literal("customer_profile_design_collection"),
  attributes: collectionAttributesSchema.extend({ designs: z.array(likedDesignCardSchema) }),
});

export const favoriteCollectionReplySchema = z.object({ data: favoriteCollectionSchema });

/** `display=false`: every collection, light; `display=true`: a page of collections with their first designs. */
export const favoriteCollectionsReplySchema = z.union([
  z.object({ data: z.array(favoriteCollectionSchema) }),
  z.object({ data: z.array(favoriteCollectionWithDesignsSchema), meta: pageMetaReplySchema }),
]);

export const favoriteCollectionPageReplySchema = z.object({
  data: favoriteCollectionWithDesignsSchema,
  meta: pageMetaReplySchema,
});

export const deleteFavoriteCollectionReplySchema: z.ZodType<DeleteCollectionResponse> = z.object({
  data: z.object({ id: z.number().int(), type: z.literal("customer_profile_design_collection") }),
  favoriteDesignUuids: z.array(z.string()),
});

export const toggleLikedVariantReplySchema: z.ZodType<ToggleLikedVariantResponse> = z.object({
  addedOrRemoved: z.enum(["added", "removed"]),
  sellerDesignName: z.string(),
  collectionName: z.string(),
  customerProfileDesignCollectionId: z.number().int(),
  favoriteDesignUuids: z.array(z.string()),
});

export const likedDesignsReplySchema = z.object({ data: z.array(likedDesignCardSchema), meta: pageMetaReplySchema });

export const followStateReplySchema: z.ZodType<FollowStateResponse> = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal("artist_follow"),
    attributes: z.object({
      sellerProfileId: z.string(),
      following: z.boolean(),
      followerCount: z.number().int().nonnegative(),
    }),
  }),
  followedSellerUuids: z.array(z.string()),
});

export const followedArtistsReplySchema: z.ZodType<FollowedArtistsResponse> = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: z.literal("artist"),
      attributes: artistAttributesSchema.extend({
        followedAt: z.string(),
        latestDesigns: z.array(designCardSchema),
      }),
    }),
  ),
  meta: pageMetaReplySchema,
});

// Small replies

export const pingReplySchema = z.object({ status: z.literal("ok") });

export const healthReplySchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.object({
    status: z.enum(["ok", "unreachable"]),
    driver: z.enum(["pglite", "postgres"]),
    latencyMs: z.number().int().nonnegative().optional(),
  }),
});

export const analyticsAcceptedReplySchema = z.object({
  accepted: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
});

export const payPalWebhookReplySchema = z.object({ received: z.literal(true), queued: z.boolean() });
