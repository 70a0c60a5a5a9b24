import type { TGrantOwner } from '@ferry/contracts';

export interface OwnerPlacement {
  /** Every key of this owner starts with it; grants never reach outside it. */
  prefix: string;
  /** Whose storage the bytes count against; null for anonymous uploads. */
  usageOwnerId: string | null;
  uploaderId: string | null;
  slug: string | null;
  uploadPath: string | null;
  isAnonymous: boolean;
}

/**
 * PRODUCT.md section 6: anonymous uploads are keyed by slug (in the anonymous bucket); a team
 * member writes under the admin's root and the usage is the admin's; file-request uploads go
 * into the requester's storage under the request's upload path.
 */
export function placeOwner(owner: TGrantOwner): OwnerPlacement {
  switch (owner.type) {
    case 'anonUpload':
      return { prefix: `anon/${owner.slug}/`, usageOwnerId: null, uploaderId: null, slug: owner.slug, uploadPath: null, isAnonymous: true };
    case 'userUpload':
      return { prefix: `u/${owner.userId}/`, usageOwnerId: owner.userId, uploaderId: owner.userId, slug: null, uploadPath: null, isAnonymous: false };
    case 'teamUpload':
      return { prefix: `u/${owner.adminId}/`, usageOwnerId: owner.adminId, uploaderId: owner.memberId, slug: null, uploadPath: null, isAnonymous: false };
    case 'request':
      return {
        prefix: `u/${owner.userId}/requests/${owner.uploadPath}/`,
        usageOwnerId: owner.userId,
        uploaderId: null,
        slug: null,
        uploadPath: owner.uploadPath,
        isAnonymous: false,
      };
  }
}
